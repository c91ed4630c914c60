/// Where new member lines go in a schema file's text: after the last line of an entity's block-style
/// `attributes:` (or `relationships:`) mapping, at its entries' indentation (or, with no such mapping, a
/// new one after the entity's last line). Read from the lines alone, so the rest of the file is left
/// byte for byte.
struct MemberBlock {
    /// The 0-based line index to insert at.
    var line: Int
    /// The entries' indentation.
    var indent: Int
    /// Whether the mapping's header line (`attributes:`) must be inserted first, at `headerIndent`.
    var needsHeader: Bool
    var headerIndent: Int

    /// The insertion point in the `key` mapping (`attributes`, `relationships`) of the entity whose name is
    /// at `location` (1-based line and column); `nil` when that mapping is written in flow style
    /// (`attributes: {a: Int}`).
    static func find(_ key: String, entityAt location: SourceLocation, in lines: [String]) -> MemberBlock? {
        let entityLine = location.line - 1
        guard lines.indices.contains(entityLine) else { return nil }
        let entityIndent = location.column - 1
        let end = blockEnd(after: entityLine, deeperThan: entityIndent, in: lines)
        var childIndent = entityIndent + 2
        for index in (entityLine + 1)..<end where isContent(lines[index]) {
            childIndent = indentation(lines[index])
            break
        }
        for index in (entityLine + 1)..<end where isContent(lines[index]) && indentation(lines[index]) == childIndent {
            let trimmed = lines[index].drop { $0 == " " }
            guard trimmed.hasPrefix(key + ":") else { continue }
            let rest = trimmed.dropFirst(key.count + 1).drop { $0 == " " }
            guard rest.isEmpty || rest.hasPrefix("#") else { return nil }
            let blockEnd = blockEnd(after: index, deeperThan: childIndent, in: lines)
            var entryIndent = childIndent + 2
            for entry in (index + 1)..<blockEnd where isContent(lines[entry]) {
                entryIndent = indentation(lines[entry])
                break
            }
            return MemberBlock(
                line: lastContent(before: blockEnd, after: index, in: lines) + 1, indent: entryIndent,
                needsHeader: false, headerIndent: 0)
        }
        return MemberBlock(
            line: lastContent(before: end, after: entityLine, in: lines) + 1, indent: childIndent + 2,
            needsHeader: true,
            headerIndent: childIndent)
    }

    /// Where a top-level mapping (`entities:`, `enums:`) takes new entries: after its last line, at its
    /// entries' indentation. `.absent` when the file has no such key; `nil` when it is in flow style.
    static func topLevel(_ key: String, in lines: [String]) -> TopLevelPlace? {
        guard let header = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) else { return .absent }
        let rest = lines[header].dropFirst(key.count + 1).drop { $0 == " " }
        guard rest.isEmpty || rest.hasPrefix("#") else { return nil }
        let end = blockEnd(after: header, deeperThan: 0, in: lines)
        let indent = ((header + 1)..<end).first { isContent(lines[$0]) }.map { indentation(lines[$0]) } ?? 2
        return .after(line: lastContent(before: end, after: header, in: lines) + 1, indent: indent)
    }

    /// Where a top-level mapping takes new entries.
    enum TopLevelPlace: Equatable {
        /// The 0-based line to insert at, and the entries' indentation.
        case after(line: Int, indent: Int)
        /// The file has no such mapping yet.
        case absent
    }

    /// The index after the last line of the block that starts after `start`: the first content line
    /// indented `indent` or less (blank and comment lines do not end a block).
    static func blockEnd(after start: Int, deeperThan indent: Int, in lines: [String]) -> Int {
        var index = start + 1
        while index < lines.count {
            if isContent(lines[index]), indentation(lines[index]) <= indent { break }
            index += 1
        }
        return index
    }

    /// The last content line in `(after, before)`, or `after`.
    static func lastContent(before end: Int, after start: Int, in lines: [String]) -> Int {
        var index = end - 1
        while index > start, !isContent(lines[index]) { index -= 1 }
        return index
    }

    /// A line with something other than white space or a comment.
    static func isContent(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        return !trimmed.isEmpty && !trimmed.hasPrefix("#")
    }

    /// The spaces a line starts with.
    static func indentation(_ line: String) -> Int {
        line.prefix { $0 == " " }.count
    }
}
