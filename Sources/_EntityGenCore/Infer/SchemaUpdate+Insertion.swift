/// How `infer --update` writes its additions into a schema file's lines: each insertion at a 0-based
/// line, the additions already listed below it moved down, each new line listed with its 1-based line.
extension SchemaUpdate {
    /// Inserts new entities at a 0-based line, under a comment naming the entity whose keys they are, at
    /// the indentation of the file's entities, and lists them.
    mutating func add(
        _ entities: [InferredSchema.Entity], at line: Int, indent: Int, for owner: String, lines: inout [String],
        file: String
    ) {
        let blocks = entities.map { new in
            let members =
                "\(new.attributes.count) attribute\(new.attributes.count == 1 ? "" : "s"), \(new.relationships.count) relationship\(new.relationships.count == 1 ? "" : "s")"
            return (new.name, InferredSchemaPrinter.entityLines(new), "new entity (\(members))")
        }
        let comment = String(repeating: " ", count: indent) + "# added by infer --update for \(owner)'s new keys"
        add(blocks, kind: .entity, after: [comment], at: line, indent: indent, lines: &lines, file: file)
    }

    /// Inserts new enums at a 0-based line (under a new `enums:` when the file has none), and lists them.
    mutating func add(
        _ enums: [InferredSchema.Enumeration], at line: Int, indent: Int, header: Bool, lines: inout [String],
        file: String
    ) {
        let blocks = enums.map { ($0.name, InferredSchemaPrinter.enumLines($0), "new enum (\($0.cases.count) cases)") }
        add(
            blocks, kind: .enumeration, after: header ? ["enums:"] : [], at: line, indent: indent, lines: &lines,
            file: file)
    }

    /// Inserts named blocks (printed two spaces in, moved to `indent`) after `heading` lines, and lists
    /// each at its first line.
    private mutating func add(
        _ blocks: [(name: String, lines: [String], text: String)], kind: Addition.Kind, after heading: [String],
        at line: Int, indent: Int, lines: inout [String], file: String
    ) {
        let shift = String(repeating: " ", count: max(indent - 2, 0))
        var text = heading
        var starts: [Int] = []
        for block in blocks {
            starts.append(line + text.count + 1)
            text += block.lines.map { shift + $0 }
        }
        insert(text, at: line, into: &lines, file: file)
        for (block, start) in zip(blocks, starts) {
            additions.append(Addition(file: file, line: start, entity: block.name, text: block.text, kind: kind))
        }
    }

    /// Inserts member lines into a block (with its header when it has none yet) and lists them.
    mutating func add(
        _ members: [String], at block: MemberBlock, header: String, to entity: String, lines: inout [String],
        file: String
    ) {
        var inserted = members.map { String(repeating: " ", count: block.indent) + $0 }
        if block.needsHeader {
            inserted.insert(String(repeating: " ", count: block.headerIndent) + header + ":", at: 0)
        }
        insert(inserted, at: block.line, into: &lines, file: file)
        let first = block.line + inserted.count - members.count
        for (offset, text) in members.enumerated() {
            additions.append(Addition(file: file, line: first + offset + 1, entity: entity, text: text))
        }
    }

    /// Inserts lines at a 0-based index; the additions listed below it move down.
    mutating func insert(_ inserted: [String], at index: Int, into lines: inout [String], file: String) {
        lines.insert(contentsOf: inserted, at: index)
        for earlier in additions.indices where additions[earlier].file == file && additions[earlier].line > index {
            additions[earlier].line += inserted.count
        }
    }
}
