import Foundation

/// A model the generator gives a mapper: JSON -> model through ``map(from:context:)`` and model -> JSON
/// through ``writeJSON(to:)``.
public protocol JSONMappable: Sendable {
    /// Maps a JSON value; tolerated problems go into `context`, others throw with path and schema location.
    static func map(from value: JSONValue, context: inout MappingContext) throws(MappingError) -> Self

    /// Writes the model as JSON, with the schema's keys and key paths.
    func writeJSON(to writer: inout JSONWriter)
}

/// Why a payload could not be mapped: it is not JSON, or it is JSON the schema does not accept.
public enum MappingFailure: Error, Sendable, CustomStringConvertible {
    /// The bytes are not RFC 8259 JSON.
    case invalidJSON(JSONError)
    /// The JSON does not map.
    case mapping(MappingError)

    /// The underlying error's description.
    public var description: String {
        switch self {
        case let .invalidJSON(error): return "invalid JSON: \(error)"
        case let .mapping(error): return error.description
        }
    }
}

extension JSONMappable {
    /// Maps a JSON payload holding one object.
    public static func map(
        json bytes: some Collection<UInt8>, options: JSONReaderOptions = .default
    ) throws(MappingFailure) -> Mapped<Self> {
        let (value, issues) = try mapPayload(bytes, options: options) { root, context throws(MappingError) in
            try map(from: root, context: &context)
        }
        return Mapped(value: value, issues: issues)
    }

    /// Maps a JSON payload holding one object, with the keys it and the objects it embeds did not have
    /// (``MappingContext/mapRecordingAbsentKeys(_:as:)``): what an import of it keeps stored values for.
    package static func mapRecordingAbsentKeys(
        json bytes: some Collection<UInt8>
    ) throws(MappingFailure) -> (mapped: Mapped<Self>, absent: AbsentTree) {
        let ((value, absent), issues) = try mapPayload(bytes, options: .default) {
            root, context throws(MappingError) in try context.mapRecordingAbsentKeys(root, as: Self.self)
        }
        return (Mapped(value: value, issues: issues), absent)
    }

    /// Reads a payload and maps its root with `body` in a fresh context; returns the result with the
    /// issues tolerated.
    private static func mapPayload<Result>(
        _ bytes: some Collection<UInt8>, options: JSONReaderOptions,
        _ body: (JSONValue, inout MappingContext) throws(MappingError) -> Result
    ) throws(MappingFailure) -> (Result, [MappingIssue]) {
        let document: JSONDocument
        do { document = try JSONDocument(bytes: bytes, options: options) } catch { throw .invalidJSON(error) }
        return try document.withRoot { root throws(MappingFailure) in
            var context = MappingContext()
            do throws(MappingError) {
                let result = try body(root, &context)
                return (result, context.issues)
            } catch {
                throw .mapping(error)
            }
        }
    }

    /// Maps a JSON payload holding an array of objects; with `skipsInvalidElements`, elements that fail
    /// are left out and reported.
    public static func mapArray(
        json bytes: some Collection<UInt8>, skipsInvalidElements: Bool = false, options: JSONReaderOptions = .default
    ) throws(MappingFailure) -> Mapped<[Self]> {
        let document: JSONDocument
        do { document = try JSONDocument(bytes: bytes, options: options) } catch { throw .invalidJSON(error) }
        return try document.withRoot { root throws(MappingFailure) in
            var context = MappingContext()
            do throws(TransformFailure) {
                let transformer = ArrayTransformer(
                    EntityTransformer<Self>(), skipsInvalidElements: skipsInvalidElements)
                let value = try transformer.decode(root, context: &context)
                return Mapped(value: value, issues: context.issues)
            } catch {
                throw .mapping(error.nested ?? MappingError(path: "$", schemaLocation: "", message: error.message))
            }
        }
    }

    /// The model as JSON bytes.
    public func jsonBytes() -> [UInt8] {
        var writer = JSONWriter()
        writeJSON(to: &writer)
        return writer.bytes
    }
}

/// A reference to another entity by its identifier (a relationship declared with `reference:`).
public struct EntityReference<Target: Identifiable>: Hashable, Sendable where Target.ID: Hashable & Sendable {
    /// The target's identifier.
    public var id: Target.ID

    /// Creates a reference.
    public init(_ id: Target.ID) {
        self.id = id
    }
}

/// Reads and writes references as the target's identifier.
public struct ReferenceTransformer<Target: Identifiable, IDTransformer: JSONTransformer>: JSONTransformer
where Target.ID: Hashable & Sendable, IDTransformer.Value == Target.ID {
    let identifier: IDTransformer

    /// Creates the transformer from the identifier's transformer.
    public init(_ identifier: IDTransformer) {
        self.identifier = identifier
    }

    public func decode(
        _ value: JSONValue, context: inout MappingContext
    ) throws(TransformFailure) -> EntityReference<Target> {
        EntityReference(try identifier.decode(value, context: &context))
    }

    public func encode(_ value: EntityReference<Target>, to writer: inout JSONWriter) {
        identifier.encode(value.id, to: &writer)
    }
}
