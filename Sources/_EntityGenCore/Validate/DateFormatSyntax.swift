/// Checks custom date patterns (Unicode TR35, as `DateFormatter` reads them) and ISO-8601 literals.
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
                if characters.first == "'" { // '' is a literal quote, inside or outside quotes
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

/// Recognizes ISO-8601 date-times (`2014-03-07T07:00:00Z`, `2014-03-07T07:00:00.123+01:00`) and dates
/// (`2014-03-07`) for schema defaults.
enum ISO8601Syntax {
    /// Whether `text` is an ISO-8601 date or date-time with a zone.
    static func isValid(_ text: String) -> Bool {
        let scalars = Array(text.utf8)
        var index = 0
        func digits(_ count: Int, in range: ClosedRange<Int>) -> Bool {
            guard index + count <= scalars.count else { return false }
            var value = 0
            for offset in 0..<count {
                let byte = scalars[index + offset]
                guard (48...57).contains(byte) else { return false }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return range.contains(value)
        }
        func literal(_ byte: UInt8) -> Bool {
            guard index < scalars.count, scalars[index] == byte else { return false }
            index += 1
            return true
        }
        guard digits(4, in: 0...9999), literal(45), digits(2, in: 1...12), literal(45), digits(2, in: 1...31) else { return false }
        if index == scalars.count { return true }
        guard literal(84) || literal(116), digits(2, in: 0...23), literal(58), digits(2, in: 0...59), literal(58), digits(2, in: 0...60) else { return false }
        if literal(46) {
            let start = index
            while index < scalars.count, (48...57).contains(scalars[index]) { index += 1 }
            guard index > start else { return false }
        }
        if literal(90) || literal(122) { return index == scalars.count }
        guard literal(43) || literal(45), digits(2, in: 0...23) else { return false }
        _ = literal(58)
        guard digits(2, in: 0...59) else { return false }
        return index == scalars.count
    }
}
