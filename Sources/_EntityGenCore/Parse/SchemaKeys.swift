/// Every key the schema and config formats accept, per kind of mapping. The parser checks against these
/// lists, and a test checks that `Schemas/entitygen.schema.json` declares exactly the same keys, so the
/// editor schema can never drift from the loader.
public enum SchemaKeys {
    /// Top level of a schema file.
    public static let file = ["keyConvention", "entities", "enums", "transformers", "feeds"]
    /// An entity.
    public static let entity = [
        "description", "abstract", "extends", "discriminator", "discriminatorValue", "identifiedBy",
        "keyConvention", "basePath", "attributes", "relationships", "errorEnvelope", "onAbsent",
        "writeNulls", "renamedFrom", "discardStoredData",
    ]
    /// An attribute in its mapping form.
    public static let attribute = [
        "type", "optional", "description", "key", "fallbackKeys", "default", "transformer", "dateFormat",
        "onFailure", "onInvalidElement", "minimum", "maximum", "minLength", "maxLength", "pattern", "oneOf",
        "onAbsent", "writeNulls", "renamedFrom", "examples",
    ]
    /// A relationship in its mapping form.
    public static let relationship = [
        "to", "optional", "description", "key", "fallbackKeys", "reference", "expandable", "inverse", "deleteRule",
        "onFailure", "onInvalidElement", "onMissingTarget", "onAbsent", "writeNulls",
        "renamedFrom",
    ]
    /// An error envelope in its mapping form.
    public static let errorEnvelope = ["key", "message"]
    /// An enum.
    public static let enumeration = ["description", "rawType", "cases", "fallback"]
    /// A custom transformer.
    public static let transformer = ["description", "swiftType", "json", "examples"]
    /// A feed.
    public static let feed = ["description", "entity", "items", "single", "pagination", "actions", "deleteOrphans"]
    /// A feed's pagination.
    public static let pagination = ["pageCount", "pageParameter", "firstPage", "nextURL", "link"]
    /// A diff feed's action envelope.
    public static let actions = ["typeKey", "payloadKey", "add", "update", "delete"]
    /// The project config file.
    public static let config = [
        "accessLevel", "outputs", "backends", "keyConvention", "imports", "codable",
        "discardStoredData",
    ]
}
