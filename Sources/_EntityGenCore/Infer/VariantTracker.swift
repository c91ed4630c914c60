import EntityGenRuntime

/// The records' objects split by a discriminator-like key (`type`, `kind`, `object`, `event_type`): for
/// each of its values, how many objects had it and which keys they carried. When the values sort the
/// objects into shapes with keys of their own, `entitygen infer` writes a family (an abstract entity and
/// one member per value) instead of one entity whose members are all optional. Bounded: at most
/// ``maximumVariants`` values, or the key is given up.
struct VariantTracker {
    /// One value of the discriminator and the objects that had it.
    struct Variant {
        /// The value, as sent.
        var value: String
        /// Objects with the value.
        var count = 0
        /// How many of them carried each key.
        var present: [String: Int] = [:]
    }

    /// The discriminator's key.
    let key: String
    /// The variants, in the order their values were first met.
    private(set) var variants: [Variant] = []
    private var indexByValue: [String: Int] = [:]
    /// Set when an object had no text under the key, or the values were too many: no family.
    private(set) var abandoned = false

    /// More distinct values than a family is written for.
    static let maximumVariants = 12

    /// Whether a key's name says it tells kinds of records apart.
    static func isDiscriminatorName(_ key: String) -> Bool {
        let folded = key.lowercased().filter { $0 != "_" && $0 != "@" }
        return ["type", "kind", "object", "typename", "eventtype", "itemtype", "resourcetype", "recordtype"]
            .contains(folded)
    }

    /// The tracker for the first object's discriminator-like key holding text, if it has one.
    init?(firstObject: JSONValue) {
        var found: String?
        firstObject.forEachMember { key, value in
            if found == nil, value.kind == .string, Self.isDiscriminatorName(key) { found = key }
        }
        guard let found else { return nil }
        key = found
    }

    /// Records one object.
    mutating func observe(_ object: JSONValue) {
        guard !abandoned else { return }
        guard let value = object[key]?.string(), !value.isEmpty else { return abandon() }
        let index: Int
        if let known = indexByValue[value] {
            index = known
        } else {
            guard variants.count < Self.maximumVariants else { return abandon() }
            index = variants.count
            indexByValue[value] = index
            variants.append(Variant(value: value))
        }
        variants[index].count += 1
        var seen = Set<String>()
        object.forEachMember { key, _ in
            if seen.insert(key).inserted { variants[index].present[key, default: 0] += 1 }
        }
    }

    private mutating func abandon() {
        abandoned = true
        variants = []
        indexByValue = [:]
    }

    /// The variants when they are a family: two or more, each value usable as a type name, and some
    /// variant with a key that at least half of its objects carry and another variant never does.
    var family: [Variant]? {
        guard !abandoned, variants.count >= 2,
            variants.allSatisfy({ !SwiftNaming.typeName($0.value).isEmpty && SwiftNaming.isUsable($0.value) })
        else { return nil }
        let distinct = variants.contains { variant in
            variant.present.contains { key, count in
                count * 2 >= variant.count && variants.contains { $0.present[key] == nil }
            }
        }
        return distinct ? variants : nil
    }
}
