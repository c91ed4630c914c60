import EntityGenRuntime

/// The distinct values of a member whose key names another record's id (`user_id`, `parentId`), kept
/// as the hashes an ``IdentityTracker`` keeps for its candidates, so that `entitygen infer` can tell
/// whether every one of them is the identity of an entity it found: then the member is a reference.
struct ReferenceValues {
    /// Hashes of the integer and text values (``IdentityTracker/valueHash(_:)``).
    private(set) var hashes: Set<UInt64> = []
    /// Values that were neither `null` nor an integer or non-empty text (a reference cannot hold them).
    private(set) var others = 0
    /// Whether the budget ran out: the values are then not all known, and nothing is concluded.
    private(set) var truncated = false

    /// Records one value.
    mutating func observe(_ value: JSONValue, budget: IdentityBudget) {
        if value.kind == .null { return }
        guard let text = IdentityTracker.scalarText(value) else {
            others += 1
            return
        }
        let hash = IdentityTracker.valueHash(text)
        guard !hashes.contains(hash) else { return }
        guard budget.referenceRemaining > 0 else {
            truncated = true
            return
        }
        budget.referenceRemaining -= 1
        hashes.insert(hash)
    }

    /// Adds another place's values.
    mutating func absorb(_ other: ReferenceValues) {
        hashes.formUnion(other.hashes)
        others += other.others
        truncated = truncated || other.truncated
    }

    /// Distinct values kept.
    var distinct: Int { hashes.count }

    /// Whether every value is among `identities` (and there was at least one, all known).
    func allAmong(_ identities: Set<UInt64>) -> Bool {
        !truncated && others == 0 && !hashes.isEmpty && hashes.isSubset(of: identities)
    }
}
