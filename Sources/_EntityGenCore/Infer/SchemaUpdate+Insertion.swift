/// How `infer --update` writes its additions into a schema file's lines: each insertion at a 0-based
/// line, the additions already listed below it moved down, each new line listed with its 1-based line.
extension SchemaUpdate {
    /// Inserts new entities at a 0-based line, under a comment naming the entity whose keys they are, at
    /// the indentation of the file's entities, and lists them.
    mutating func add(
        _ entities: [InferredSchema.Entity], at line: Int, indent: Int, for owner: String, lines: inout [String],
        file: String
    ) {
        let shift = String(repeating: " ", count: max(indent - 2, 0))
        var text = [shift + "  # added by infer --update for \(owner)'s new keys"]
        var starts: [Int] = []
        for new in entities {
            starts.append(line + text.count + 1)
            text += InferredSchemaPrinter.entityLines(new).map { shift + $0 }
        }
        insert(text, at: line, into: &lines, file: file)
        for (new, start) in zip(entities, starts) {
            let members =
                "\(new.attributes.count) attribute\(new.attributes.count == 1 ? "" : "s"), \(new.relationships.count) relationship\(new.relationships.count == 1 ? "" : "s")"
            additions.append(
                Addition(file: file, line: start, entity: new.name, text: "new entity (\(members))", kind: .entity))
        }
    }

    /// Inserts new enums at a 0-based line (under a new `enums:` when the file has none), and lists them.
    mutating func add(
        _ enums: [InferredSchema.Enumeration], at line: Int, indent: Int, header: Bool, lines: inout [String],
        file: String
    ) {
        let shift = String(repeating: " ", count: max(indent - 2, 0))
        var text = header ? ["enums:"] : []
        var starts: [Int] = []
        for new in enums {
            starts.append(line + text.count + 1)
            text += InferredSchemaPrinter.enumLines(new).map { shift + $0 }
        }
        insert(text, at: line, into: &lines, file: file)
        for (new, start) in zip(enums, starts) {
            additions.append(
                Addition(
                    file: file, line: start, entity: new.name, text: "new enum (\(new.cases.count) cases)",
                    kind: .enumeration))
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
