/// Lets validation go on past a repeated YAML key. libyaml, through Yams, stops composing the whole
/// document at the first mapping that repeats a key, which would hide every other problem of the file;
/// after the `duplicate-key` diagnostic, the later occurrences of the repeated keys (and what is nested
/// under them) are blanked, line numbers kept, and the text is parsed again. The first occurrence stays,
/// so what is validated is what the author most likely meant first.
enum DuplicateKeyRecovery {
    /// `text` with the later occurrences of `keys` blanked in the block mapping whose first repeated key
    /// is at `line`, `column` (1-based, as Yams marks them); `nil` when none could be found (a flow
    /// mapping such as `{a: 1, a: 2}`), and the file is then left at its first diagnostic.
    static func removingLaterOccurrences(of keys: [String], line: Int, column: Int, in text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = line - 1
        let indent = column - 1
        guard lines.indices.contains(start), keyColumn(of: lines[start]) == indent else { return nil }
        // The mapping's lines: around the key, those indented at least as deep (or blank).
        var first = start
        while first > 0, belongs(lines[first - 1], indent) { first -= 1 }
        var last = start
        while last + 1 < lines.count, belongs(lines[last + 1], indent) { last += 1 }
        var seen = Set<String>()
        var removed = false
        var index = first
        while index <= last {
            guard keyColumn(of: lines[index]) == indent, let key = key(of: lines[index], at: indent),
                keys.contains(key)
            else {
                index += 1
                continue
            }
            guard !seen.insert(key).inserted else {
                index += 1
                continue
            }
            // A later occurrence: it and its nested lines become blank.
            lines[index] = ""
            removed = true
            index += 1
            while index <= last, lines[index].allSatisfy({ $0 == " " }) || (keyColumn(of: lines[index]) ?? 0) > indent {
                lines[index] = ""
                index += 1
            }
        }
        return removed ? lines.joined(separator: "\n") : nil
    }

    /// Whether a line is part of a mapping whose keys start at `indent`.
    private static func belongs(_ line: String, _ indent: Int) -> Bool {
        line.allSatisfy { $0 == " " } || (keyColumn(of: line) ?? 0) >= indent
    }

    /// Where the line's mapping key starts (after a sequence dash); `nil` for a comment line.
    private static func keyColumn(of line: String) -> Int? {
        var column = line.prefix { $0 == " " }.count
        let rest = line.dropFirst(column)
        if rest.hasPrefix("#") { return nil }
        if rest.hasPrefix("- ") { column += 2 + rest.dropFirst(2).prefix { $0 == " " }.count }
        return column
    }

    /// The key a line declares at `column` (plain or quoted), if any.
    private static func key(of line: String, at column: Int) -> String? {
        let text = line.dropFirst(column)
        if let quote = text.first, quote == "\"" || quote == "'" {
            guard let end = text.dropFirst().firstIndex(of: quote) else { return nil }
            let after = text[text.index(after: end)...]
            return after.hasPrefix(":") ? String(text[text.index(after: text.startIndex)..<end]) : nil
        }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let after = text[text.index(after: colon)...]
        guard after.isEmpty || after.hasPrefix(" ") else { return nil }
        return String(text[..<colon])
    }
}
