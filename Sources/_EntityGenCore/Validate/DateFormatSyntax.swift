/// Checks custom date patterns (Unicode TR35, as `DateFormatter` reads them).
enum DateFormatSyntax {
    /// The pattern letters `DateFormatter` formats and parses (ICU's pattern characters). Any other ASCII
    /// letter outside quotes is a mistake: `DateFormatter` would silently treat it as nothing.
    static let patternLetters: Set<Character> = Set("GyYuUrQqMLwWdDFgEecabBhHKkmsSAzZOvVXx")

    /// Letters TR35 defines that `DateFormatter` nonetheless ignores in a pattern, and what to write
    /// instead: `j`, `J` and `C` are skeleton symbols (only valid in templates), `l` is deprecated.
    static let ignoredLetters: [Character: String] = [
        "j": "'HH' (24-hour) or 'h' with 'a' (12-hour)", "J": "'HH' (24-hour) or 'h' (12-hour)",
        "C": "'HH' (24-hour) or 'h' with 'a' (12-hour)", "l": "nothing: it is deprecated and ignored",
    ]

    /// What is wrong with a pattern, or `nil` when it is usable.
    static func problem(in pattern: String) -> String? {
        guard !pattern.isEmpty else { return "the pattern is empty" }
        var inQuote = false
        var fields = Set<Character>()
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
                if let instead = ignoredLetters[character] {
                    return "'\(character)' is ignored by DateFormatter in a pattern (it formats as nothing and "
                        + "never parses); write \(instead)"
                }
                guard patternLetters.contains(character) else {
                    return "'\(character)' is not a date pattern letter; quote literal text ('T')"
                }
                fields.insert(character)
            }
        }
        if inQuote { return "a quote (') is not closed" }
        if fields.isEmpty { return "the pattern has no date or time field" }
        return mixedCalendarFields(fields)
    }

    /// Fields that parse without an error but into another date: `Y` is the year of the week-based
    /// calendar (2024-12-30 is in week-year 2025) and `D` the day of the year, so `YYYY-MM-DD` reads
    /// "2024-06-30" as January 30.
    private static func mixedCalendarFields(_ fields: Set<Character>) -> String? {
        let hasMonth = fields.contains("M") || fields.contains("L")
        if fields.contains("Y"), hasMonth || fields.contains("d"), !fields.contains("w") {
            return "'Y' is the week-based year, wrong with a month or day of month near New Year; "
                + "write 'yyyy' (calendar year)"
        }
        if fields.contains("D"), hasMonth {
            return "'D' is the day of the year, not of the month; write 'dd' (day of month)"
        }
        return nil
    }
}
