/// Names an inferred entity's members from their JSON keys, under the file's key convention: a name the
/// convention turns back into the key needs no `key:`; anything else (a key that is not a Swift name, a
/// name taken or reserved) gets a usable name and its key written out. Every name it gives passes lint.
public struct MemberNamer {
    let convention: KeyConvention
    private var taken: Set<String> = []

    /// A namer for one entity's members.
    public init(convention: KeyConvention) { self.convention = convention }

    /// The member's schema name, and its key when the convention does not give it.
    public mutating func name(for key: String) -> (name: String, key: String?) {
        var name = SwiftNaming.memberName(Self.sanitized(key))
        // A YAML key holds at most 1,024 characters; a name this long helps no one anyway.
        if name.count > Self.maximumLength { name = String(name.prefix(Self.maximumLength)) }
        if name.isEmpty || !SwiftNaming.isUsable(name) { name = "value" }
        if Self.reserved(name) { name = SwiftNaming.suggestion(forMember: name) }
        var candidate = name
        var number = 2
        // Case-insensitively: SQLite ignores case in column names.
        while taken.contains(SwiftNaming.memberName(candidate).lowercased()) || Self.reserved(candidate) {
            candidate = name + String(number)
            number += 1
        }
        taken.insert(SwiftNaming.memberName(candidate).lowercased())
        let derived = SwiftNaming.jsonKey(schemaName: candidate, convention: convention)
        return (candidate, derived == key ? nil : key)
    }

    /// The longest name given (longer keys get a shortened name and their `key:`).
    public static let maximumLength = 64

    /// Names lint refuses for a member.
    public static func reserved(_ name: String) -> Bool {
        let member = SwiftNaming.memberName(name)
        return SwiftKeywords.unusableMemberNames.contains(member) || GeneratedNames.reservedMemberNames.contains(member)
            || SwiftKeywords.conformanceMemberNames.contains(member)
    }

    /// Letters, digits and separators of a key, starting with a letter (`@id` -> `id`, `1st` -> `n1st`,
    /// `$ref` -> `ref`).
    public static func sanitized(_ key: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in key.unicodeScalars {
            if scalar.properties.isXIDContinue {
                scalars.append(scalar)
            } else if !scalars.isEmpty, scalars.last != "_" {
                scalars.append("_")
            }
        }
        var text = String(scalars)
        while text.hasPrefix("_") { text.removeFirst() }
        while text.hasSuffix("_") { text.removeLast() }
        if let first = text.unicodeScalars.first, !first.properties.isXIDStart { text = "n" + text }
        return text
    }
}
