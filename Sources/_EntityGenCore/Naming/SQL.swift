/// SQL text both dialects spell the same, in one place: quoting (SQLite and PostgreSQL alike quote
/// identifiers with `"`) and foreign key actions.
enum SQL {
    /// A double-quoted identifier.
    static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A single-quoted string literal.
    static func string(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// A recorded `ON DELETE` action (``RecordedDeleteAction``'s case names) in SQL, the same in SQLite
    /// and PostgreSQL. Histories are checked when read, so every recorded action is one of them; a
    /// snapshot built in memory holds only the plan's actions.
    static func deleteAction(_ action: String) -> String {
        guard let recorded = RecordedDeleteAction(rawValue: action) else {
            preconditionFailure("an unchecked ON DELETE action '\(action)' reached the renderer")
        }
        switch recorded {
        case .cascade: return "CASCADE"
        case .setNull: return "SET NULL"
        case .setDefault: return "SET DEFAULT"
        case .restrict: return "RESTRICT"
        }
    }
}
