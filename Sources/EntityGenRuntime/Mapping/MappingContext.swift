/// The schema's instructions for one attribute or relationship, as generated code passes them: where
/// to look in the JSON, where the schema says so, and what to tolerate.
public struct MappingField: Sendable {
    /// What to do when a present value cannot be mapped.
    public enum OnFailure: Sendable {
        /// Fail the object (the default).
        case fail
        /// Drop the value (optional properties), reported.
        case drop
        /// Use the default, reported.
        case useDefault
    }

    /// The single key, when the field reads one top-level key with no fallbacks (the common case,
    /// which needs no array and so can be built inline at no cost).
    @usableFromInline let key: String
    /// The primary key path, then fallbacks, when there is more than one key involved.
    @usableFromInline let paths: [[String]]?
    /// `file:line:column` of the declaration in the schema.
    public let schemaLocation: String
    /// The failure policy.
    public let onFailure: OnFailure
    /// Constraints checked after conversion.
    public let constraints: [MappingConstraint]

    /// A field read from one top-level key.
    @inlinable @inline(__always)
    public init(_ key: String, schema: String, onFailure: OnFailure = .fail, constraints: [MappingConstraint] = []) {
        self.key = key
        paths = nil
        schemaLocation = schema
        self.onFailure = onFailure
        self.constraints = constraints
    }

    /// A field read from key paths: the primary one, then fallbacks in order.
    public init(paths: [[String]], schema: String, onFailure: OnFailure = .fail, constraints: [MappingConstraint] = [])
    {
        precondition(
            !paths.isEmpty && !paths.contains(where: \.isEmpty), "a field needs at least one non-empty key path")
        key = paths[0][0]
        self.paths = paths
        schemaLocation = schema
        self.onFailure = onFailure
        self.constraints = constraints
    }

    /// The primary key path (for errors about a missing value).
    public var primaryPath: [String] { paths?[0] ?? [key] }

    /// Whether fallback key paths exist.
    @usableFromInline var hasFallbacks: Bool { (paths?.count ?? 1) > 1 }
}

/// The state of one mapping run: the issues tolerated so far. Generated mappers thread it through.
public struct MappingContext {
    /// Issues recorded so far, in order.
    public internal(set) var issues: [MappingIssue] = []
    /// While ``mapRecordingAbsentKeys(_:as:)`` maps: the absent keys recorded so far (`nil` otherwise).
    @usableFromInline var absentRecorder: AbsentRecorder?

    /// Creates an empty context.
    public init() {}

    /// Records a tolerated problem.
    public mutating func record(at path: String, schemaLocation: String, action: MappingIssue.Action, message: String) {
        issues.append(MappingIssue(path: path, schemaLocation: schemaLocation, action: action, message: message))
    }

    /// The first present, non-null value among the field's key paths. A key path through a value that is
    /// not an object counts as absent, so fallbacks apply (`license.type`, then `license`).
    @inlinable @inline(__always)
    public func find(_ field: MappingField, in object: JSONValue) -> JSONValue? {
        guard let paths = field.paths else {
            guard let value = object[field.key], !value.isNull else { return nil }
            return value
        }
        for path in paths {
            var current = object
            var found = true
            for key in path {
                guard let next = current[key] else { found = false; break }
                current = next
            }
            if found, !current.isNull { return current }
        }
        return nil
    }

    /// Checks that a value is an object before its members are read.
    @inlinable public func expectObject(_ value: JSONValue, entity: String, schema: String) throws(MappingError) {
        guard value.kind == .object else {
            throw MappingError(
                path: value.path, schemaLocation: schema,
                message: "expected a \(entity) object, found \(value.kindDescription)")
        }
    }

    /// Fails with the server's message when the object carries the error envelope key.
    public func checkErrorEnvelope(
        _ object: JSONValue, key: [String], message: [String], schema: String
    ) throws(MappingError) {
        guard let marker = object.value(at: key) else { return }
        let text = object.value(at: message)?.string() ?? marker.string() ?? marker.kindDescription
        throw MappingError(
            path: object.path(appending: key), schemaLocation: schema, message: "the response is an error: \(text)",
            serverMessage: text)
    }

    /// A required value: missing or null is an error; a failure follows the field's policy (`useDefault`
    /// needs `fallback`).
    @inlinable @inline(__always)
    public mutating func required<T: JSONTransformer>(
        _ object: JSONValue, _ field: MappingField, _ transformer: T, default fallback: T.Value? = nil
    ) throws(MappingError) -> T.Value {
        guard let value = find(field, in: object) else {
            if let fallback { return fallback }
            throw MappingError(
                path: object.path(appending: field.primaryPath), schemaLocation: field.schemaLocation,
                message: Self.absenceMessage(field, in: object))
        }
        do {
            let result = try transformer.decode(value, context: &self)
            if !field.constraints.isEmpty { try check(result, field.constraints) }
            return result
        } catch {
            if field.onFailure == .useDefault, let fallback {
                record(
                    at: error.nested?.path ?? value.path, schemaLocation: field.schemaLocation, action: .usedDefault,
                    message: error.message)
                return fallback
            }
            throw located(error, at: value, field)
        }
    }

    /// An optional value: missing or null is `nil`; a failure follows the field's policy.
    @inlinable @inline(__always)
    public mutating func optional<T: JSONTransformer>(
        _ object: JSONValue, _ field: MappingField, _ transformer: T, default fallback: T.Value? = nil
    ) throws(MappingError) -> T.Value? {
        guard let value = find(field, in: object) else { return fallback }
        do {
            let result = try transformer.decode(value, context: &self)
            if !field.constraints.isEmpty { try check(result, field.constraints) }
            return result
        } catch {
            switch field.onFailure {
            case .drop:
                record(
                    at: error.nested?.path ?? value.path, schemaLocation: field.schemaLocation, action: .droppedValue,
                    message: error.message)
                return nil
            case .useDefault where fallback != nil:
                record(
                    at: error.nested?.path ?? value.path, schemaLocation: field.schemaLocation, action: .usedDefault,
                    message: error.message)
                return fallback
            default:
                throw located(error, at: value, field)
            }
        }
    }

    /// Why a required field found no value: `null` (the payload sends the key, so the attribute may need
    /// to be optional) or missing (the key is not sent: a wrong key, or an optional attribute), and whether
    /// fallback keys were tried. Only errors reach it.
    @usableFromInline static func absenceMessage(_ field: MappingField, in object: JSONValue) -> String {
        let isNull = object.value(at: field.primaryPath)?.isNull == true
        return "required value is " + (isNull ? "null" : "missing")
            + (field.hasFallbacks ? " (no fallback key present either)" : "")
    }

    @usableFromInline func check<Value>(_ value: Value, _ constraints: [MappingConstraint]) throws(TransformFailure) {
        for constraint in constraints {
            if let violation = constraint.violation(by: value) { throw TransformFailure(violation) }
        }
    }

    @usableFromInline func located(
        _ failure: TransformFailure, at value: JSONValue, _ field: MappingField
    ) -> MappingError {
        if var nested = failure.nested {
            if nested.schemaLocation.isEmpty { nested.schemaLocation = field.schemaLocation }
            return nested
        }
        return MappingError(path: value.path, schemaLocation: field.schemaLocation, message: failure.message)
    }
}

extension MappingContext {
    /// The discriminator value of a polymorphic object (text or an integer literal), or an error naming
    /// the missing key.
    public func discriminator(_ object: JSONValue, key: [String], schema: String) throws(MappingError) -> String {
        guard let value = object.value(at: key), let text = value.string() ?? value.numberLiteral() else {
            throw MappingError(
                path: object.path(appending: key), schemaLocation: schema,
                message: "the discriminator is missing or not text")
        }
        return text
    }

    /// The error for a discriminator value no entity of the family declares.
    public func unknownDiscriminator(
        _ value: String, in object: JSONValue, key: [String], family: String, known: [String], schema: String
    ) -> MappingError {
        MappingError(
            path: object.path(appending: key), schemaLocation: schema,
            message: "\"\(value)\" is not a kind of \(family) (known: \(known.joined(separator: ", ")))")
    }
}
