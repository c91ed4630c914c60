import EntityGenRuntime

/// JSON equality for the round trip: objects by members, arrays in order, numbers by value (the same
/// exact value, or the same `Double` when both are read as one).
public enum JSONComparison {
    /// The first place two values differ, with both values; `nil` when equal.
    public static func difference(
        _ expected: AnyJSON, _ actual: AnyJSON, at path: String, nullOrAbsent: Set<String> = []
    ) -> String? {
        switch (expected, actual) {
        case let (.number(left), .number(right)):
            if JSONNumberValue(left) == JSONNumberValue(right) { return nil }
            if let a = Double(left), let b = Double(right), a.isFinite, a == b { return nil }
        case let (.array(left), .array(right)) where left.count == right.count:
            for index in left.indices {
                if let found = difference(
                    left[index], right[index], at: "\(path)[\(index)]", nullOrAbsent: nullOrAbsent)
                {
                    return found
                }
            }
            return nil
        case let (.object(left), .object(right)) where Set(left.map(\.key)).count < left.count:
            // A repeated key: only the members in order say what was written.
            guard left.count == right.count, zip(left, right).allSatisfy({ $0.key == $1.key }) else {
                return "\(path): \(expected) became \(actual)"
            }
            for (mine, theirs) in zip(left, right) {
                if let found = difference(
                    mine.value, theirs.value, at: "\(path).\(mine.key)", nullOrAbsent: nullOrAbsent)
                {
                    return found
                }
            }
            return nil
        case let (.object(left), .object(right)):
            let rightByKey = Dictionary(right.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            let leftKeys = Set(left.map(\.key))
            for member in left {
                guard let other = rightByKey[member.key] else {
                    if member.value == .null, nullOrAbsent.contains(member.key) { continue }
                    return "\(path).\(member.key): missing (was \(member.value))"
                }
                if let found = difference(member.value, other, at: "\(path).\(member.key)", nullOrAbsent: nullOrAbsent)
                {
                    return found
                }
            }
            if let extra = right.first(where: {
                !leftKeys.contains($0.key) && !($0.value == .null && nullOrAbsent.contains($0.key))
            }) {
                return "\(path).\(extra.key): added (\(extra.value))"
            }
            return nil
        default:
            if expected == actual { return nil }
        }
        return "\(path): \(expected) became \(actual)"
    }
}
