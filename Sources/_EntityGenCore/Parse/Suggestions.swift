/// Did-you-mean suggestions for misspelled keys, types and names.
public enum Suggestions {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo: same letters
    /// ignoring case and separators, or an edit distance of at most a third of the word's length; failing
    /// those, the one candidate that begins the word or that the word begins (four letters at least:
    /// `Datetime` -> `Date`, `Issue` -> `IssueList`).
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let folded = fold(word)
        var best: (candidate: String, distance: Int)?
        var prefixed: [String] = []
        for candidate in candidates where candidate != word {
            let other = fold(candidate)
            if other == folded { return candidate }
            let distance = editDistance(Array(word.lowercased()), Array(candidate.lowercased()))
            if distance <= max(1, word.count / 3), distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
            if min(other.count, folded.count) >= 4, other.hasPrefix(folded) || folded.hasPrefix(other) {
                prefixed.append(candidate)
            }
        }
        return best?.candidate ?? (prefixed.count == 1 ? prefixed[0] : nil)
    }

    /// ` (did you mean 'x'?)` or the empty string.
    public static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    private static func fold(_ word: String) -> String {
        String(word.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " })
    }

    /// Levenshtein distance; inputs are short (keys and names), so the quadratic table is fine.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
