import EntityGenRuntime

/// How many identity values `entitygen infer` may remember across all objects (about 24 bytes each), so
/// memory stays bounded on any amount of samples; past it, uniqueness is checked on what was kept.
final class IdentityBudget {
    /// Entries still available.
    var remaining: Int
    /// Entries still available for the values of foreign-key-like members (``ReferenceValues``), apart,
    /// so that many such members never starve the identities.
    var referenceRemaining: Int

    init(entries: Int = 1_000_000) {
        remaining = entries
        referenceRemaining = entries
    }
}

/// The keys that could identify the objects at one place, and whether their values did: each candidate
/// (a key, or a pair of keys) must be present and scalar in every object, and a value met twice must
/// carry the same object both times (the same user embedded in two tweets), or it cannot be a key.
struct IdentityTracker {
    /// One candidate key or key pair.
    struct Candidate {
        /// The keys, in order.
        var keys: [String]
        /// Value hash -> hash of the object that carried it.
        var seen: [UInt64: UInt64] = [:]
        /// Still possible: present and scalar everywhere, no value carried two different objects.
        var alive = true
        /// Why it was ruled out.
        var ruledOut: String?
        /// Values met again with the same object.
        var repeats = 0
        /// Whether the budget ran out: uniqueness was checked on the values kept only.
        var truncated = false
    }

    /// The candidates, single keys (most id-like first), then pairs.
    var candidates: [Candidate]
    /// Objects observed.
    var objects = 0

    /// Names that say "identifier" (compared lowercased, without `_`).
    static let idNames: Set<String> = ["id", "uuid", "guid", "key", "code", "slug", "identifier"]

    /// Whether a key's name says it identifies: `id`, `uuid`, `code`, or ending in `id` (`user_id`, `podId`).
    static func isIDName(_ key: String) -> Bool {
        let folded = key.lowercased().replacingOccurrences(of: "_", with: "")
        return idNames.contains(folded)
            || (folded.hasSuffix("id") && folded.count > 2 && key != "paid" && key != "valid")
    }

    /// The name a foreign key's key gives its relationship (`user` for `user_id`, `authorId`, `ownerID`),
    /// `nil` for a key that does not name another record's id.
    static func foreignKeyPrefix(_ key: String) -> String? {
        for suffix in ["_id", "Id", "ID", "_ID"] where key.hasSuffix(suffix) && key.count > suffix.count {
            let prefix = String(key.dropLast(suffix.count))
            return prefix.hasSuffix("_") ? nil : prefix
        }
        return nil
    }

    /// The hash a single-key candidate keeps for a value (what ``ReferenceValues`` compares with).
    static func valueHash(_ text: String) -> UInt64 {
        var hash = StableHash()
        hash.combine(text)
        return hash.value
    }

    /// Chooses candidates from the first object's scalar members: id-like names first (`id`, `uuid`,
    /// `user_id`), then the others in document order; at most four keys and the pairs of the first three.
    init(firstObject: JSONValue) {
        var idLike: [String] = []
        var others: [String] = []
        firstObject.forEachMember { key, value in
            guard Self.scalarText(value) != nil else { return }
            if Self.isIDName(key) {
                idLike.append(key)
            } else {
                others.append(key)
            }
        }
        let singles = Array((idLike + others).prefix(4))
        candidates = singles.map { Candidate(keys: [$0]) }
        let paired = Array(singles.prefix(3))
        for first in paired.indices {
            for second in paired.indices where second > first {
                candidates.append(Candidate(keys: [paired[first], paired[second]]))
            }
        }
    }

    /// An identity's value as text: an integer or a non-empty string (not a fraction, a bool or null).
    static func scalarText(_ value: JSONValue) -> String? {
        switch value.kind {
        case .number: return value.isIntegerLiteral ? value.numberLiteral() : nil
        case .string: return value.string().flatMap { $0.isEmpty ? nil : "s" + $0 }
        case .null, .false, .true, .object, .array: return nil
        }
    }

    mutating func observe(_ object: JSONValue, budget: IdentityBudget) {
        objects += 1
        guard candidates.contains(where: \.alive) else { return }
        let content = StableHash.of(object)
        for index in candidates.indices where candidates[index].alive {
            var hash = StableHash()
            var complete = true
            for key in candidates[index].keys {
                guard let member = object[key], let text = Self.scalarText(member) else {
                    complete = false
                    break
                }
                // The same combine as `valueHash`: a single key's hash is its value's.
                hash.combine(text)
            }
            guard complete else {
                rule(out: index, "absent, null or not an integer or text in some objects")
                continue
            }
            let value = hash.value
            if let carried = candidates[index].seen[value] {
                if carried != content {
                    rule(out: index, "a value repeats with a different object")
                } else {
                    candidates[index].repeats += 1
                }
            } else if budget.remaining > 0 {
                candidates[index].seen[value] = content
                budget.remaining -= 1
            } else {
                candidates[index].truncated = true
            }
        }
    }

    private mutating func rule(out index: Int, _ reason: String) {
        candidates[index].alive = false
        candidates[index].ruledOut = reason
        candidates[index].seen = [:]
    }

    /// The trackers of several places read as one entity: a candidate survives if it survived everywhere
    /// and no value carried two different objects across places.
    static func merged(_ trackers: [IdentityTracker]) -> IdentityTracker? {
        guard var result = trackers.first else { return nil }
        for other in trackers.dropFirst() {
            result.objects += other.objects
            result.candidates = result.candidates.compactMap { mine in
                guard var candidate = other.candidates.first(where: { $0.keys == mine.keys }) else { return nil }
                guard mine.alive, candidate.alive else {
                    candidate.alive = false
                    candidate.ruledOut = mine.ruledOut ?? candidate.ruledOut
                    return candidate
                }
                candidate.repeats += mine.repeats
                candidate.truncated = candidate.truncated || mine.truncated
                for (value, content) in mine.seen {
                    if let carried = candidate.seen[value] {
                        if carried != content {
                            candidate.alive = false
                            candidate.ruledOut = "a value repeats with a different object"
                            candidate.seen = [:]
                            break
                        }
                        candidate.repeats += 1
                    } else {
                        candidate.seen[value] = content
                    }
                }
                return candidate
            }
        }
        return result
    }
}

/// FNV-1a, 64 bits: the same hash in every run (Swift's `Hasher` is seeded per process), so what infer
/// decides never depends on the run.
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(_ text: String) {
        for byte in text.utf8 { combine(byte) }
        combine(0xFF)
    }

    mutating func combine(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// The hash of a whole JSON value: kinds, keys in order, literal numbers, strings.
    static func of(_ value: JSONValue) -> UInt64 {
        var hash = StableHash()
        hash.add(value)
        return hash.value
    }

    private mutating func add(_ value: JSONValue) {
        combine(UInt8(value.kind.rawValue))
        switch value.kind {
        case .null, .false, .true: break
        case .number: combine(value.numberLiteral() ?? "")
        case .string: combine(value.string() ?? "")
        case .array:
            value.forEachElement { _, element in add(element) }
            combine(0xFE)
        case .object:
            value.forEachMember { key, member in
                combine(key)
                add(member)
            }
            combine(0xFD)
        }
    }
}
