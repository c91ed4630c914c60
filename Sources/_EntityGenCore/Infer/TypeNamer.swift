/// Names the types an inferred schema declares (entities and enums): usable, not reserved by Swift,
/// Foundation or generated code, and unique ignoring case (`User`, `User2`). One place, so that `infer` from samples
/// and from OpenAPI name alike, and every name it gives passes lint.
public struct TypeNamer: Sendable {
    private var taken: Set<String> = []

    /// A namer with no name taken.
    public init() {}

    /// Whether a name is taken (ignoring case: SQLite tables and files on case-insensitive file systems
    /// cannot tell `Dependencies` from `DEpendencies`).
    public func isTaken(_ name: String) -> Bool { taken.contains(name.lowercased()) }

    /// The type name a word gives (`created_at` -> `CreatedAt`), before uniqueness.
    public static func typeName(_ word: String) -> String {
        var name = SwiftNaming.typeName(MemberNamer.sanitized(word))
        if name.count > MemberNamer.maximumLength { name = String(name.prefix(MemberNamer.maximumLength)) }
        if name.isEmpty { name = "Item" }
        if SwiftKeywords.reservedTypeNames.contains(name) || GeneratedNames.reservedTypeNames.contains(name)
            || SwiftKeywords.escapable.contains(name)
        {
            name += "Item"
        }
        return name
    }

    /// A usable type name from a word, not taken yet; it is taken from now on.
    public mutating func unique(_ word: String) -> String {
        let name = Self.typeName(word)
        var candidate = name
        var number = 2
        while isTaken(candidate) {
            candidate = name + String(number)
            number += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }
}
