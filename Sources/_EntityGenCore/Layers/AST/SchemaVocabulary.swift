/// The closed sets of words the schema language accepts as values. Each is `CaseIterable` so the loader's
/// suggestions, the JSON Schema sync test and the README all list the same words.

/// How JSON keys are derived from attribute names when no `key:` is given.
public enum KeyConvention: String, CaseIterable, Hashable, Sendable {
    /// The attribute's name exactly as written in the schema (the default).
    case verbatim
    /// `fileUrl` -> `fileUrl`.
    case camelCase
    /// `fileUrl` -> `FileUrl`.
    case pascalCase = "PascalCase"
    /// `fileUrl` -> `file_url`.
    case snakeCase = "snake_case"
    /// `fileUrl` -> `FILE_URL`.
    case screamingSnakeCase = "SCREAMING_SNAKE_CASE"
    /// `fileUrl` -> `file-url`.
    case kebabCase = "kebab-case"
}

/// What to do when a present JSON value cannot be mapped (wrong type, failed transform or constraint).
public enum FailurePolicy: String, CaseIterable, Hashable, Sendable {
    /// The whole object fails to map, with an error naming the JSON path (the default).
    case fail
    /// The value is dropped (the property becomes `nil`); only for optional properties. Reported.
    case drop
    /// The schema's `default` is used instead. Reported.
    case `default`
}

/// What an import does with a stored value whose JSON key is absent from the object (RestKit's handling
/// of partial representations). An explicit `null` always clears.
public enum AbsentKeyPolicy: String, CaseIterable, Hashable, Sendable {
    /// The stored value stays as it is (the default): a compact `{id, login}` user embedded in an event
    /// does not erase the avatar a full user object stored.
    case keep
    /// Full replacement: the stored value becomes `nil`, the default, or no links.
    case clear
}

/// Whose version of a row a pull keeps when the row still has an edit waiting to be pushed (`push:`'s
/// `conflicts:`). Either way the import reports the conflict with both versions.
public enum ConflictPolicy: String, CaseIterable, Hashable, Sendable {
    /// The server's row is stored and the unsent edit dropped (the default).
    case serverWins
    /// The server's row is stored, then the fields the unsent edit changed are written back (and sent
    /// by the next push); a row the device had deleted is deleted again. A row the server deleted stays
    /// deleted.
    case clientWins
    /// Field by field, the newer edit wins: a field the unsent edit changed keeps the device's value when
    /// the device changed it after the server row's `timestamp:` attribute (a server row without one is
    /// older); otherwise the server's. A row the device deleted is deleted again when the deletion is the
    /// newer. A row the server deleted stays deleted.
    case lastWriterWins
}

/// What to do with an array element that cannot be mapped.
public enum ElementFailurePolicy: String, CaseIterable, Hashable, Sendable {
    /// The element's failure is the array's failure, handled by `onFailure` (the default).
    case fail
    /// The element is left out and the rest of the array kept (a lossy array). Reported.
    case skip
}

/// What happens to related rows when a row is deleted (the database's `ON DELETE`).
public enum DeleteRule: String, CaseIterable, Hashable, Sendable {
    /// Related rows are deleted too.
    case cascade
    /// The relationship is cleared (the default).
    case nullify
    // `deny` (refuse deleting while related rows exist) is not offered: no backend enforces it yet, and a
    // word accepted and then ignored would delete what the schema says must stay.
}

/// Access level of generated declarations.
public enum AccessLevel: String, CaseIterable, Hashable, Sendable {
    /// `internal` (the default): visible in the target that generates.
    case `internal`
    /// `public`: for a library that vends its models.
    case `public`
    /// `package`: visible across the package's targets.
    case package
}

/// The kinds of output a project can generate.
public enum OutputKind: String, CaseIterable, Hashable, Sendable, Comparable {
    /// Model structs and their name constants.
    case models
    /// JSON -> model and model -> JSON mappers.
    case mappers
    /// GRDB tables, migrations, records and importers.
    case persistence

    public static func < (lhs: OutputKind, rhs: OutputKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The kind of JSON value a custom transformer reads.
public enum JSONValueKind: String, CaseIterable, Hashable, Sendable {
    /// A JSON string.
    case string
    /// Any JSON number.
    case number
    /// A JSON number without fraction or exponent.
    case integer
    /// `true` or `false`.
    case bool
    /// A JSON object.
    case object
    /// A JSON array.
    case array
    /// Any JSON value; the transformer inspects it.
    case any
}

extension JSONValueKind {
    /// What a value of this kind is called in a mismatch message: "expected an integer".
    var expectation: String {
        switch self {
        case .integer: return "an integer"
        case .object, .array: return "an \(rawValue)"
        case .string, .number, .bool, .any: return "a \(rawValue)"
        }
    }
}
