/// Checks custom date patterns (Unicode TR35, as `DateFormatter` reads them).
enum DateFormatSyntax {
    /// The pattern letters TR35 defines. Any other ASCII letter outside quotes is a mistake
    /// (`DateFormatter` would silently treat it as literal text or garbage).
    static let patternLetters: Set<Character> = Set("GyYuUrQqMLlwWdDFgEecabBhHKkjJCmsSAzZOvVXx")

    /// What is wrong with a pattern, or `nil` when it is usable.
    static func problem(in pattern: String) -> String? {
        guard !pattern.isEmpty else { return "the pattern is empty" }
        var inQuote = false
        var sawField = false
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            if character == "'" {
                if characters.first == "'" {  // '' is a literal quote, inside or outside quotes
                    characters = characters.dropFirst()
                    continue
                }
                inQuote.toggle()
                continue
            }
            guard !inQuote else { continue }
            if character.isASCII, character.isLetter {
                guard patternLetters.contains(character) else {
                    return "'\(character)' is not a date pattern letter; quote literal text ('T')"
                }
                sawField = true
            }
        }
        if inQuote { return "a quote (') is not closed" }
        if !sawField { return "the pattern has no date or time field" }
        return nil
    }
}
