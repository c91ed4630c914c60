/// Prints an ``InferredSchema`` as a schema file: the YAML a person would write, each guess explained by
/// a comment where it applies. Byte-stable: the same schema prints the same bytes.
public enum InferredSchemaPrinter {
    /// The schema file's text.
    public static func yaml(_ schema: InferredSchema) -> String {
        var printer = CodePrinter()
        for line in schema.header { printer.line("# " + line) }
        if let convention = schema.keyConvention {
            printer.line(
                "keyConvention: \(scalar(convention.rawValue))" + comment(schema.keyConventionReason, pad: false))
        }
        printer.line("entities:")
        for entity in schema.entities { print(entity, into: &printer) }
        if !schema.enums.isEmpty {
            printer.line("enums:")
            for enumeration in schema.enums { for line in enumLines(enumeration) { printer.line(line) } }
        }
        if let note = schema.feedNote { printer.line("# " + oneLine(note)) }
        let feeds = (schema.feed.map { [$0] } ?? []) + schema.moreFeeds
        if !feeds.isEmpty { printer.line("feeds:") }
        for feed in feeds {
            printer.line("  \(feed.name):" + comment(feed.reason, pad: false))
            printer.line("    entity: \(feed.entity)")
            if let items = feed.items { printer.line("    items: \(keyPathText(items))") }
            if let single = feed.single { printer.line("    single: \(single)") }
            if let pagination = feed.pagination {
                let parameter = feed.pageParameter.map { ", pageParameter: \(scalar($0))" } ?? ""
                printer.line("    pagination: {\(pagination.kind): \(scalar(pagination.key))\(parameter)}")
            }
        }
        return printer.contents
    }

    /// An enum's lines as ``yaml(_:)`` prints them under `enums:` (two spaces in).
    static func enumLines(_ enumeration: InferredSchema.Enumeration) -> [String] {
        [
            "  \(enumeration.name):" + comment(enumeration.reason, pad: false),
            "    cases: [" + enumeration.cases.map(scalar).joined(separator: ", ") + "]",
            "    fallback: \(scalar(enumeration.fallback))",
        ]
    }

    /// An entity's lines as ``yaml(_:)`` prints them under `entities:` (two spaces in).
    static func entityLines(_ entity: InferredSchema.Entity) -> [String] {
        var printer = CodePrinter()
        print(entity, into: &printer)
        return printer.contents.split(separator: "\n").map(String.init)
    }

    private static func print(_ entity: InferredSchema.Entity, into printer: inout CodePrinter) {
        let places = entity.paths.prefix(3).joined(separator: ", ") + (entity.paths.count > 3 ? ", ..." : "")
        let origin =
            entity.objects == 0 ? "from \(places)" : "\(InferenceText.plural(entity.objects, "object")) at \(places)"
        printer.line("  \(entity.name):" + comment(origin, pad: false))
        if let description = entity.description, !description.isEmpty {
            printer.line("    description: " + quoted(description))
        }
        if entity.isAbstract, let discriminator = entity.discriminator {
            printer.line("    abstract: true")
            printer.line("    discriminator: \(scalar(discriminator))" + comment(entity.familyReason, pad: false))
        }
        if let family = entity.extends {
            printer.line("    extends: \(family)")
            if let value = entity.discriminatorValue, value != entity.name {
                printer.line("    discriminatorValue: \(scalar(value))")
            }
        } else if entity.identifiedBy.isEmpty {
            printer.line("    # " + oneLine(entity.identityReason))
        } else {
            // As YAML scalars: an attribute named `null` or `true` is text, not YAML's null or true.
            let written = entity.identifiedBy.map(scalar)
            let names = written.count == 1 ? written[0] : "[" + written.joined(separator: ", ") + "]"
            printer.line("    identifiedBy: \(names)" + comment("identity: " + entity.identityReason, pad: false))
        }
        if let reason = entity.clearsAbsent { printer.line("    onAbsent: clear" + comment(reason, pad: false)) }
        if let reason = entity.writesNulls { printer.line("    writeNulls: true" + comment(reason, pad: false)) }
        if !entity.skippedKeys.isEmpty {
            printer.line(
                "    # not read: \(InferenceReport.skippedKeysText(entity.skippedKeys)): a schema cannot name it (its values are lost on import)"
            )
        }
        if entity.attributes.isEmpty, entity.relationships.isEmpty {
            // Only empty objects (or only keys no schema can name): an entity with no members yet.
            printer.line("    attributes: {}")
        }
        if !entity.attributes.isEmpty {
            printer.line("    attributes:")
            for member in entity.attributes { print(member, into: &printer) }
        }
        if !entity.relationships.isEmpty {
            printer.line("    relationships:")
            for member in entity.relationships { print(member, into: &printer) }
        }
    }

    private static func print(_ member: InferredSchema.Member, into printer: inout CodePrinter) {
        let options = self.options(member)
        let typeKey = member.isRelationship ? "to" : "type"
        if let description = member.description, !description.isEmpty {
            // The block form: a description reads better on a line of its own.
            printer.line("      \(member.name):" + comment(member.reason, pad: true))
            printer.line("        \(typeKey): \(member.type)")
            printer.line("        description: " + quoted(description))
            for option in options { printer.line("        " + option) }
            return
        }
        printer.line("      " + memberLine(member))
    }

    /// A member as one line of YAML, without indentation: `name: Type`, or the flow mapping form, with
    /// its reason as a comment.
    static func memberLine(_ member: InferredSchema.Member) -> String {
        let options = self.options(member)
        let typeKey = member.isRelationship ? "to" : "type"
        let value =
            options.isEmpty ? member.type : "{\(typeKey): \(member.type), " + options.joined(separator: ", ") + "}"
        return "\(member.name): \(value)" + comment(member.reason, pad: true)
    }

    /// A member's keys beside its type (`key: id`, `transformer: ...`), in the order a person writes them.
    private static func options(_ member: InferredSchema.Member) -> [String] {
        var options: [String] = []
        if let path = member.keyPath {
            options.append("key: " + keyPathText(path))
        } else if let key = member.key {
            options.append("key: " + keyText(key))
        }
        if member.isReference { options.append("reference: true") }
        if member.isExpandable { options.append("expandable: true") }
        if let transformer = member.transformer { options.append("transformer: \(transformer)") }
        if let pattern = member.dateFormat { options.append("dateFormat: " + quoted(pattern)) }
        if member.writesNull { options.append("writeNulls: true") }
        return options
    }

    /// A key as the schema reads it literally: the list form when the text form would read a path.
    private static func keyText(_ key: String) -> String {
        keyPathText([key])
    }

    /// A key path as the schema reads it: `data.items` when no key holds a character a path reserves,
    /// the list form (`['x]']`, `['data', 'a.b']`) otherwise.
    private static func keyPathText(_ keys: [String]) -> String {
        if keys.contains(where: { $0.contains(where: { ".[]\\".contains($0) }) }) {
            return "[\(keys.map(quoted).joined(separator: ", "))]"
        }
        // Plain when each key is (`license.url`), quoted as a whole otherwise.
        return keys.allSatisfy { scalar($0) == $0 } ? keys.joined(separator: ".") : scalar(keys.joined(separator: "."))
    }

    private static func comment(_ text: String?, pad: Bool) -> String {
        guard let text, !text.isEmpty else { return "" }
        return (pad ? "   # " : "   # ") + oneLine(text)
    }

    /// Text a comment can hold: one line, with what YAML does not allow in a file (control characters,
    /// DEL, C1 controls, line and paragraph separators, the byte order mark) written as `\u{7F}`.
    static func oneLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D: result.append(" ")
            case 0x09: result.append(scalar)
            case _ where needsEscape(scalar):
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// A plain scalar when YAML reads it back as the same text, else quoted.
    static func scalar(_ text: String) -> String {
        let plainWords: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"]
        let safe = text.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == "_" || scalar == "-"
        }
        guard safe, let first = text.unicodeScalars.first, first != "-", !plainWords.contains(text.lowercased()),
            Double(text) == nil, Int(text) == nil
        else { return quoted(text) }
        return text
    }

    /// Single-quoted (`'it''s'`), or double-quoted with escapes when the text has characters YAML does not
    /// allow as they are.
    static func quoted(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else {
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Characters YAML does not allow in a file as they are (outside its printable set): C0 controls, DEL,
    /// C1 controls, line and paragraph separators, the byte order mark.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF: return true
        default: return false
        }
    }
}
