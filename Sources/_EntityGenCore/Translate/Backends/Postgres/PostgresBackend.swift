/// PostgreSQL through postgres-nio: tables recorded with PostgreSQL's column types (`bigint`, `text`,
/// `double precision`, `boolean`, `timestamptz`, `numeric`, `uuid`, `bytea`, `jsonb`), foreign keys
/// with the schema's delete rules, migrated by the shared ``MigrationPlanner`` (a rebuild is an
/// in-place `ALTER TABLE` here). What the PostgreSQL runtime cannot store yet is refused by
/// ``limitations(of:)``, located at the declaration.
struct PostgresBackend: StorageBackend {
    var columnTypes: Set<String> { Set(PostgresColumnType.allCases.map(\.rawValue)) }

    func snapshot(of tables: [TablePlan]) -> (snapshot: SchemaSnapshot, locations: [String: SourceLocation]) {
        var snapshots: [TableSnapshot] = []
        var locations: [String: SourceLocation] = [:]
        for table in tables {
            snapshots.append(
                table.snapshot(
                    columnType: { Self.columnType($0).rawValue }, literal: Self.literal, locations: &locations))
        }
        return (SchemaSnapshot(tables: snapshots, triggers: []), locations)
    }

    func migrationSteps(
        from old: SchemaSnapshot, to new: SchemaSnapshot, intents: MigrationHistory.Intents,
        locations: [String: SourceLocation], fallback: SourceLocation
    ) -> (steps: [MigrationStep], problems: [MigrationProblem], intents: MigrationHistory.Intents) {
        MigrationPlanner.plan(from: old, to: new, intents: intents, locations: locations, fallback: fallback)
    }

    func limitations(of tables: [TablePlan]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func unsupported(_ what: String, at location: SourceLocation) {
            diagnostics.append(
                Diagnostic(
                    Rules.postgresUnsupported,
                    "\(what); the postgres backend does not store this yet (turn it off in 'backends', or change the schema)",
                    at: location))
        }
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
            if table.identity.isEmpty {
                unsupported(
                    "entity '\(table.schemaName)' has no identification attributes, so its rows are owned by the rows that embed them",
                    at: table.location)
            }
            for link in table.links {
                unsupported(
                    "relationship '\(link.relationship)' of '\(table.schemaName)' is to-many, stored in a link table",
                    at: link.location)
            }
            for trigger in table.triggers {
                if case let .cascadeToOne(_, _, targetTable, _) = trigger {
                    unsupported(
                        "'\(table.schemaName)' deletes the '\(targetTable)' row it embeds with it (deleteRule: cascade)",
                        at: table.location)
                }
            }
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

    /// A column default as a PostgreSQL literal.
    static func literal(_ value: ColumnDefault) -> String {
        switch value {
        case let .text(text): return SQL.string(text)
        case let .number(text): return text
        case let .bool(flag): return flag ? "true" : "false"
        }
    }
}

/// The column types the PostgreSQL backend records and creates.
enum PostgresColumnType: String, CaseIterable, Sendable {
    case smallint, integer, bigint, real, numeric, text, uuid, boolean, bytea, jsonb, timestamptz
    case doublePrecision = "double precision"
}
