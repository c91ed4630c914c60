/// Numbers and lists as `entitygen infer` writes them in comments and reports: `1,204`, `a, b and c`.
public enum InferenceText {
    /// An integer with thousands separators.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }

    /// `1 value`, `2 values`.
    static func plural(_ value: Int, _ word: String) -> String {
        "\(count(value)) \(value == 1 ? word : plural(word))"
    }

    /// A singular noun for a list's key: `statuses` -> `status`, `categories` -> `category`,
    /// `subspecs` -> `subspec`; words that are not plurals stay.
    public static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("ies"), lower.count > 4 { return String(word.dropLast(3)) + "y" }
        for ending in ["sses", "shes", "ches", "xes", "uses"] where lower.hasSuffix(ending) {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is"),
            lower.count > 3
        {
            return String(word.dropLast())
        }
        return word
    }

    /// A plural noun: `Status` -> `Statuses`, `Category` -> `Categories`.
    static func plural(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return String(word.dropLast()) + "ies"
        }
        for ending in ["s", "x", "ch", "sh"] where lower.hasSuffix(ending) { return word + "es" }
        return word + "s"
    }
}
