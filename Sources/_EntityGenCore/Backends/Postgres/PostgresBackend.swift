/// PostgreSQL through postgres-nio: tables recorded with PostgreSQL's column types (`bigint`, `text`,
/// `double precision`, `boolean`, `timestamptz`, `numeric`, `uuid`, `bytea`, `jsonb`), foreign keys
/// with the schema's delete rules, migrated by the shared ``MigrationPlanner`` (a rebuild is an
/// in-place `ALTER TABLE` here). ``limitations(of:)`` reports names PostgreSQL would cut or that its
/// users must quote, located at the declaration.
struct PostgresBackend: StorageBackend {
    var historyFileName: String { "entitygen-migrations.postgres.json" }
    /// The runtime module's qualifier in generated code.
    static let module = "EntityGenPostgres"
    var runtimeModule: String { Self.module }
    var qualifyingModules: [String] { [runtimeModule, "PostgresNIO"] }
    var reservedTypeNames: Set<String> { [PostgresNames.database, PostgresNames.store] }
    var rules: [RuleDescription] { Rules.postgresRules }

    func emitter(tables: [TablePlan], models: [String: EntityPlan]) -> any PersistenceEmitter {
        PostgresPersistenceEmitter()
    }

    var columnTypes: Set<String> { Set(PostgresColumnType.allCases.map(\.rawValue)) }

    func snapshot(of tables: [TablePlan]) -> (snapshot: SchemaSnapshot, locations: [String: SourceLocation]) {
        TablePlan.snapshot(
            of: tables, columnType: { Self.columnType($0).rawValue }, literal: Self.literal, trigger: Self.statement)
    }

    func limitations(of tables: [TablePlan]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func checkLength(_ name: String, _ kind: String, at location: SourceLocation) {
            guard name.utf8.count > Self.identifierLimit else { return }
            diagnostics.append(
                Diagnostic(
                    Rules.postgresIdentifierLength,
                    "\(kind) name '\(name)' is \(name.utf8.count) bytes; PostgreSQL cuts identifiers to \(Self.identifierLimit) bytes, so it would name another \(kind) than the generated code; shorten it",
                    at: location))
        }
        func checkReserved(_ name: String, _ kind: String, at location: SourceLocation) {
            guard Self.reservedWords.contains(name) else { return }
            diagnostics.append(
                Diagnostic(
                    Rules.postgresReservedWord,
                    "\(kind) name '\(name)' is a reserved word in PostgreSQL: generated SQL quotes it, and so must your own queries (\"\(name)\")",
                    at: location))
        }
        for table in tables {
            for link in table.links {
                checkLength(link.table, "table", at: link.location)
                checkReserved(link.table, "table", at: link.location)
            }
            for trigger in table.triggers { checkLength(trigger.name, "trigger", at: table.location) }
            checkLength(table.tableName, "table", at: table.location)
            checkReserved(table.tableName, "table", at: table.location)
            for column in table.columns {
                checkLength(column.name, "column", at: column.location)
                checkReserved(column.name, "column", at: column.location)
            }
            for index in table.indexes { checkLength(index.name, "index", at: table.location) }
        }
        return diagnostics
    }

    /// PostgreSQL's identifier limit (`NAMEDATALEN` - 1), in bytes.
    static let identifierLimit = 63

    /// PostgreSQL's reserved key words (the "reserved" column of its key words appendix): as table or
    /// column names they must be quoted in every query.
    static let reservedWords: Set<String> = [
        "all", "analyse", "analyze", "and", "any", "array", "as", "asc", "asymmetric", "both", "case", "cast", "check",
        "collate", "column", "constraint", "create", "current_catalog", "current_date", "current_role",
        "current_time", "current_timestamp", "current_user", "default", "deferrable", "desc", "distinct", "do",
        "else", "end", "except", "false", "fetch", "for", "foreign", "from", "grant", "group", "having", "in",
        "initially", "intersect", "into", "lateral", "leading", "limit", "localtime", "localtimestamp", "not",
        "null", "offset", "on", "only", "or", "order", "placing", "primary", "references", "returning", "select",
        "session_user", "some", "symmetric", "system_user", "table", "then", "to", "trailing", "true", "union",
        "unique", "user", "using", "variadic", "when", "where", "window", "with",
    ]

    /// The column type of a value: exact types for every built-in (`numeric` for decimals and unsigned
    /// 64-bit integers, `timestamptz` for dates, to the microsecond), `jsonb` for arrays, maps and custom
    /// types.
    static func columnType(_ value: StoredValue) -> PostgresColumnType {
        switch value {
        case let .scalar(builtin):
            switch builtin {
            case .string, .url: return .text
            case .uuid: return .uuid
            case .decimal, .uint, .uint64: return .numeric
            case .double: return .doublePrecision
            case .float: return .real
            case .date: return .timestamptz
            case .data: return .bytea
            case .anyJSON: return .jsonb  // stored as ``StoredValue/json``: never a scalar column
            case .bool: return .boolean
            case .int8, .int16, .uint8: return .smallint
            case .int32, .uint16: return .integer
            case .int, .int64, .uint32: return .bigint
            }
        case let .enumeration(isInteger): return isInteger ? .bigint : .text
        case .json: return .jsonb
        case .rowID: return .bigint
        }
    }

    /// A trigger as one statement: a `DO` block creating the trigger function and the row trigger, both
    /// named after the trigger (dropping the function with `CASCADE` drops the trigger). The bodies are
    /// SQLite's: PostgreSQL's own `ON DELETE` cannot delete a row that the deleted row references.
    static func statement(_ trigger: TriggerPlan) -> String {
        let id = SQL.identifier
        let event: String
        let body: String
        var returns = "NULL"
        switch trigger {
        case let .cascadeToOne(_, table, targetTable, match):
            let condition = match.map { "\(id($0.targetColumn)) = OLD.\(id($0.column))" }.joined(separator: " AND ")
            event = "AFTER DELETE ON \(id(table)) FOR EACH ROW"
            body = "DELETE FROM \(id(targetTable)) WHERE \(condition)"
        case let .ownedReplaced(_, table, column, targetTable):
            let quoted = id(column)
            event =
                "AFTER UPDATE OF \(quoted) ON \(id(table)) FOR EACH ROW WHEN (OLD.\(quoted) IS DISTINCT FROM NEW.\(quoted))"
            body = "DELETE FROM \(id(targetTable)) WHERE \"_id\" = OLD.\(quoted)"
        case let .ownedDeleted(_, table, column, targetTable):
            event = "AFTER DELETE ON \(id(table)) FOR EACH ROW"
            body = "DELETE FROM \(id(targetTable)) WHERE \"_id\" = OLD.\(id(column))"
        case let .linkUnlinked(_, linkTable, targetTable):
            event = "AFTER DELETE ON \(id(linkTable)) FOR EACH ROW"
            body = "DELETE FROM \(id(targetTable)) WHERE \"_id\" = OLD.\"target\""
        case let .cascadeLinked(_, table, targetTable, linkTable, ownerMatch, targetMatch):
            let owner = ownerMatch.map { "l.\(id($0.linkColumn)) = OLD.\(id($0.ownerColumn))" }
            let target = targetMatch.map { "l.\(id($0.linkColumn)) = \(id(targetTable)).\(id($0.targetColumn))" }
            event = "BEFORE DELETE ON \(id(table)) FOR EACH ROW"
            body =
                "DELETE FROM \(id(targetTable)) WHERE EXISTS (SELECT 1 FROM \(id(linkTable)) AS l WHERE \((owner + target).joined(separator: " AND ")))"
            returns = "OLD"
        }
        let name = id(trigger.name)
        return
            "DO $entitygen$ BEGIN CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $body$ BEGIN \(body); RETURN \(returns); END $body$; CREATE TRIGGER \(name) \(event) EXECUTE FUNCTION \(name)(); END $entitygen$"
    }

    /// A column default as a PostgreSQL literal.
    static func literal(_ value: ColumnDefault) -> String {
        switch value {
        case let .text(text), let .uuid(text): return SQL.string(text)
        case let .number(text), let .unsigned(text), let .decimal(text): return text
        case let .bool(flag): return flag ? "true" : "false"
        case let .date(seconds):
            // As the importer's COPY writes it: UTC, to the microsecond.
            return SQL.string(ColumnDefault.dateText(secondsSince1970: seconds, fractionDigits: 6) + "+00")
        case let .data(bytes):
            // A bytea literal in hex form (backslashes are plain characters in standard SQL strings).
            return SQL.string("\\x" + ColumnDefault.hex(bytes))
        }
    }
}

/// The column types the PostgreSQL backend records and creates.
enum PostgresColumnType: String, CaseIterable, Sendable {
    case smallint, integer, bigint, real, numeric, text, uuid, boolean, bytea, jsonb, timestamptz
    case doublePrecision = "double precision"
}
