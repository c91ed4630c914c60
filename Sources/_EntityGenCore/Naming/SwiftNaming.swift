/// The one place that turns schema names into Swift names and JSON keys (like swift-protobuf's
/// NamingUtils). The validator uses it to find collisions and unusable names before anything is
/// generated; the translator uses it for every name it emits.
public enum SwiftNaming {
    /// Whether `name` can be turned into a Swift identifier: letters, digits and `_`/`-` separators,
    /// starting with a letter.
    public static func isUsable(_ name: String) -> Bool {
        asciiUsable(name) ?? isUsableByProperties(name)
    }

    /// ``isUsable(_:)`` by the scalars' Unicode properties (the definition; tests compare the ASCII path).
    static func isUsableByProperties(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isXIDStart else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isXIDContinue || $0 == "-" }
    }

    /// ``isUsable(_:)`` for ASCII names without Unicode property lookups (nil when not ASCII): among
    /// ASCII scalars XID_Start is the letters, XID_Continue letters, digits and `_`.
    static func asciiUsable(_ name: String) -> Bool? {
        var utf8 = name.utf8.makeIterator()
        guard let first = utf8.next() else { return false }
        guard first < 0x80 else { return nil }
        var usable = isASCIILetter(first)
        while let byte = utf8.next() {
            guard byte < 0x80 else { return nil }
            usable = usable && (isASCIILetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F || byte == 0x2D)
        }
        return usable
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// Upper camel case for types: `pod_spec` -> `PodSpec`, `podSpec` -> `PodSpec`.
    public static func typeName(_ name: String) -> String {
        words(of: name).map(capitalizingFirst).joined()
    }

    /// Lower camel case for properties and enum cases: `file_url` -> `fileUrl`, `URLString` ->
    /// `urlString`, `ID` -> `id`.
    public static func memberName(_ name: String) -> String {
        // Already lower camel case (a lowercase ASCII start and no separator): unchanged. This is most
        // names, and the answer the general path gives for them.
        if let first = name.utf8.first, first >= 0x61, first <= 0x7A,
            !name.utf8.contains(where: { $0 == 0x5F || $0 == 0x2D || $0 == 0x20 })
        {
            return name
        }
        return memberNameBySplitting(name)
    }

    /// ``memberName(_:)`` by splitting into words (the definition; tests compare the shortcut).
    static func memberNameBySplitting(_ name: String) -> String {
        let parts = words(of: name)
        guard let first = parts.first else { return name }
        return lowercasingLeadingRun(first) + parts.dropFirst().map(capitalizingFirst).joined()
    }

    /// The identifier as it must be written in code: backticked when it is an escapable keyword.
    public static func escaped(_ identifier: String) -> String {
        SwiftKeywords.escapable.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// The identifier as a call-site argument label (`Pod(class: x)`): keywords need no backticks
    /// there, except `inout`.
    public static func argumentLabel(_ identifier: String) -> String {
        identifier == "inout" ? "`inout`" : identifier
    }

    /// The JSON key a member name maps to under a key convention. `verbatim` returns the schema name.
    public static func jsonKey(schemaName: String, convention: KeyConvention) -> String {
        switch convention {
        case .verbatim: return schemaName
        case .camelCase: return memberName(schemaName)
        case .pascalCase: return capitalizingFirst(memberName(schemaName))
        case .snakeCase: return camelWords(memberName(schemaName)).map { $0.lowercased() }.joined(separator: "_")
        case .screamingSnakeCase:
            return camelWords(memberName(schemaName)).map { $0.uppercased() }.joined(separator: "_")
        case .kebabCase: return camelWords(memberName(schemaName)).map { $0.lowercased() }.joined(separator: "-")
        }
    }

    /// A Swift-usable alternative for a name that cannot be used, for suggestions.
    public static func suggestion(forMember name: String) -> String {
        switch name {
        case "description": return "summary"
        case "debugDescription": return "debugSummary"
        case "hashValue", "hash": return "\(name)Field"
        case "self", "Self": return "itself"
        case "Type": return "kind"
        default: return memberName(name) + "Value"
        }
    }

    /// Splits on `_`, `-` and spaces (the separators a schema name may contain).
    static func words(of name: String) -> [String] {
        name.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " }).map(String.init)
    }

    /// Splits a camel-case identifier into words: `fileURLString` -> `file`, `URL`, `String`.
    static func camelWords(_ identifier: String) -> [String] {
        let characters = Array(identifier)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let previous = index > 0 ? characters[index - 1] : nil
            let startsWord =
                character.isUppercase && !current.isEmpty
                && (previous?.isUppercase == false || next?.isLowercase == true)
            let startsNumber = character.isNumber && previous?.isNumber == false && !current.isEmpty
            if startsWord || startsNumber {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func capitalizingFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// `URLString` -> `urlString`, `ID` -> `id`, `Name` -> `name`.
    private static func lowercasingLeadingRun(_ word: String) -> String {
        let characters = Array(word)
        var run = 0
        while run < characters.count, characters[run].isUppercase { run += 1 }
        if run == 0 { return word }
        if run == 1 || run == characters.count {
            return String(characters[..<run]).lowercased() + String(characters[run...])
        }
        let lowered = characters[..<(run - 1)]
        let nextIsLower = characters[run].isLowercase
        return nextIsLower
            ? String(lowered).lowercased() + String(characters[(run - 1)...])
            : String(characters[..<run]).lowercased() + String(characters[run...])
    }
}
