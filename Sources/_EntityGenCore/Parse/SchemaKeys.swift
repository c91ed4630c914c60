/// Every key the schema and config formats accept, per kind of mapping: one enum per kind, whose cases
/// are the keys. The parser switches over them exhaustively (a key added here does not compile until it
/// is parsed), checks unknown keys against their lists, and a test checks that
/// `Schemas/entitygen.schema.json` and the schema language article declare exactly the same keys, so
/// neither the editor schema nor the docs can drift from the loader.
public enum SchemaKeys {
    /// The keys of top level of a schema file.
    public enum File: String, CaseIterable, Sendable {
        case keyConvention, entities, enums, transformers, feeds
    }

    /// The keys of an entity.
    public enum Entity: String, CaseIterable, Sendable {
        case description, abstract, extends, discriminator, discriminatorValue, identifiedBy, keyConvention, basePath,
            attributes, relationships, errorEnvelope, onAbsent, writeNulls, renamedFrom, discardStoredData, push
    }

    /// The keys of an entity's `push:` (the requests that send local edits).
    public enum Push: String, CaseIterable, Sendable {
        case create, update, delete, conflicts, timestamp
    }

    /// The keys of an attribute in its mapping form.
    public enum Attribute: String, CaseIterable, Sendable {
        case type, optional, description, key, fallbackKeys, `default`, transformer, dateFormat, onFailure,
            onInvalidElement, minimum, maximum, minLength, maxLength, pattern, oneOf, onAbsent, writeNulls, renamedFrom,
            examples
    }

    /// The keys of a relationship in its mapping form.
    public enum Relationship: String, CaseIterable, Sendable {
        case to, optional, description, key, fallbackKeys, reference, expandable, inverse, deleteRule, onFailure,
            onInvalidElement, onMissingTarget, onAbsent, writeNulls, renamedFrom
    }

    /// The keys of an error envelope in its mapping form.
    public enum ErrorEnvelope: String, CaseIterable, Sendable {
        case key, message
    }

    /// The keys of an enum.
    public enum Enumeration: String, CaseIterable, Sendable {
        case description, rawType, cases, fallback
    }

    /// The keys of a custom transformer.
    public enum Transformer: String, CaseIterable, Sendable {
        case description, swiftType, json, examples
    }

    /// The keys of a feed.
    public enum Feed: String, CaseIterable, Sendable {
        case description, entity, items, single, pagination, actions, deleteOrphans
    }

    /// The keys of a feed's pagination.
    public enum Pagination: String, CaseIterable, Sendable {
        case pageCount, pageParameter, firstPage, nextURL, link
    }

    /// The keys of a diff feed's action envelope.
    public enum Actions: String, CaseIterable, Sendable {
        case typeKey, payloadKey, add, update, delete
    }

    /// The keys of the project config file.
    public enum Config: String, CaseIterable, Sendable {
        case accessLevel, outputs, backends, keyConvention, imports, codable, discardStoredData
    }

    /// Top level of a schema file.
    public static let file = File.allCases.map(\.rawValue)
    /// An entity.
    public static let entity = Entity.allCases.map(\.rawValue)
    /// An attribute in its mapping form.
    public static let attribute = Attribute.allCases.map(\.rawValue)
    /// A relationship in its mapping form.
    public static let relationship = Relationship.allCases.map(\.rawValue)
    /// An entity's `push:`.
    public static let push = Push.allCases.map(\.rawValue)
    /// An error envelope in its mapping form.
    public static let errorEnvelope = ErrorEnvelope.allCases.map(\.rawValue)
    /// An enum.
    public static let enumeration = Enumeration.allCases.map(\.rawValue)
    /// A custom transformer.
    public static let transformer = Transformer.allCases.map(\.rawValue)
    /// A feed.
    public static let feed = Feed.allCases.map(\.rawValue)
    /// A feed's pagination.
    public static let pagination = Pagination.allCases.map(\.rawValue)
    /// A diff feed's action envelope.
    public static let actions = Actions.allCases.map(\.rawValue)
    /// The project config file.
    public static let config = Config.allCases.map(\.rawValue)
}
