import _EntityGenCore
import OpenAPIKit

/// `entitygen infer` for an OpenAPI document: the component schemas become entities and enums, the
/// JSON list endpoints feeds, with the document's descriptions as doc comments; anything the schema
/// language cannot say gets a warning located by its document path and the closest safe type (AnyJSON).
public struct OpenAPIInference {
    let document: OpenAPI.Document
    let path: String
    var types = TypeNamer()
    /// Component name -> what it became.
    var components: [String: Component] = [:]
    var entities: [InferredSchema.Entity] = []
    var enums: [InferredSchema.Enumeration] = []
    /// Located warnings.
    public private(set) var warnings: [String] = []
    var convention: KeyConvention = .verbatim
    /// Alias components being resolved (a `$ref` cycle among them is reported, not followed forever).
    var aliasesBeingResolved: Set<String> = []

    /// What a component schema is in the schema file.
    enum Component {
        case entity(String)
        /// A family's root (``Family``): an abstract entity, which a property cannot store.
        case family(String)
        case enumeration(String)
        /// Anything else, translated where it is used.
        case alias(JSONSchema)
    }

    /// The schema of the document at `path` (read with ``OpenAPIDocumentLoader``), named `name`.
    /// With `settlesFeeds` false, the list endpoints of entities with no identity wait in
    /// ``InferredSchema/feedsAwaitingIdentity`` (samples may identify them: ``SampleRefinement``); the
    /// caller settles them (``InferredSchema/settleFeeds()``).
    public static func infer(
        documentAt path: String, name: String?, settlesFeeds: Bool = true
    ) throws(OpenAPILoadError) -> (schema: InferredSchema, warnings: [String]) {
        var result = infer(try OpenAPIDocumentLoader.load(path), path: path, name: name)
        if settlesFeeds { result.warnings += result.schema.settleFeeds() }
        guard !result.schema.entities.isEmpty else {
            throw OpenAPILoadError(
                path: path,
                message:
                    "no object schema under components.schemas or in a GET response: nothing to infer entities from")
        }
        return result
    }

    /// The schema of `document` (read from `path`), named `name` (default: the document's title).
    public static func infer(
        _ document: OpenAPI.Document, path: String, name: String?
    ) -> (schema: InferredSchema, warnings: [String]) {
        var inference = OpenAPIInference(document: document, path: path)
        let title = document.info.title.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).prefix(3)
        let schema = inference.schema(name: name ?? title.joined(separator: " "))
        return (schema, inference.warnings)
    }

    private mutating func schema(name: String) -> InferredSchema {
        let schemas = document.components.schemas
        convention = SchemaInference.convention(schemas.values.flatMap(Self.propertyNames))
        let families = findFamilies()
        let roots = Set(families.map(\.component))
        // Names first, so that references resolve whatever the order.
        for (key, schema) in schemas {
            let name = key.rawValue
            if roots.contains(name) {
                components[name] = .family(types.unique(name))
            } else if isObject(schema) {
                components[name] = .entity(types.unique(name))
            } else if Self.enumValues(schema) != nil {
                components[name] = .enumeration(types.unique(name))
            } else {
                components[name] = .alias(schema)
            }
        }
        for (key, schema) in schemas {
            switch components[key.rawValue]! {
            case let .entity(entityName):
                entity(entityName, schema, at: "#/components/schemas/\(key.rawValue)")
            case let .family(rootName):
                // An object the kinds extend has properties of its own; a choice gets the shared ones.
                if isObject(schema) { entity(rootName, schema, at: "#/components/schemas/\(key.rawValue)") }
            case let .enumeration(enumName):
                enumeration(enumName, schema, at: "#/components/schemas/\(key.rawValue)")
            case .alias: break
            }
        }
        for family in families { applyFamily(family) }
        let feeds = self.feeds()
        let title = document.info.title
        return InferredSchema(
            fileName: TypeNamer.typeName(name) + ".yaml",
            header: [
                "Inferred by `entitygen infer` from the OpenAPI document \(Self.fileName(path)) (\(title) \(document.info.version)).",
                "Each guess says why where it applies: check them, then edit this file as your own.",
            ],
            keyConvention: convention == .verbatim ? nil : convention,
            keyConventionReason: convention == .verbatim
                ? nil : "the properties are snake_case; the others are written out",
            entities: entities, enums: enums, feeds: [], feedsAwaitingIdentity: feeds)
    }

    mutating func warn(_ location: String, _ message: String) {
        warnings.append("\(path)\(location): \(message)")
    }

    /// A JSON pointer's token (`/pets/{id}` -> `~1pets~1{id}`).
    static func pointerToken(_ text: String) -> String {
        text.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Every property name of an object schema (and of its `allOf` parts), for the key convention.
    static func propertyNames(_ schema: JSONSchema) -> [String] {
        switch schema.value {
        case let .object(_, object): return Array(object.properties.keys)
        case let .all(of: parts, core: _): return parts.flatMap(propertyNames)
        case .null, .boolean, .number, .integer, .string, .array, .one, .any, .not, .reference, .fragment: return []
        }
    }

    /// The component a `$ref` schema names in this document (`nil` for anything else, or a name it lacks).
    func component(_ schema: JSONSchema) -> (name: String, schema: JSONSchema)? {
        guard case let .reference(reference, _) = schema.value, let name = reference.name,
            let target = document.components.schemas[.init(stringLiteral: name)]
        else { return nil }
        return (name, target)
    }

    /// Whether a schema is an object with properties (directly, or merged from `allOf`, following its
    /// `$ref` parts once each: `A: {allOf: [{$ref: A}]}` ends).
    func isObject(_ schema: JSONSchema, seen: Set<String> = []) -> Bool {
        switch schema.value {
        case let .object(_, object): return !object.properties.isEmpty || object.additionalProperties == nil
        case let .all(of: parts, core: _):
            return parts.contains { part in
                guard let (name, target) = component(part) else { return isObject(part, seen: seen) }
                return !seen.contains(name) && isObject(target, seen: seen.union([name]))
            }
        case .null, .boolean, .number, .integer, .string, .array, .one, .any, .not, .reference, .fragment:
            return false
        }
    }

    /// The allowed values of a string enum, when every one is a usable lower-case word.
    static func enumValues(_ schema: JSONSchema) -> [String]? {
        guard case .string = schema.value, let values = schema.allowedValues, !values.isEmpty else { return nil }
        let texts = values.compactMap { $0.value as? String }
        guard texts.count == values.count else { return nil }
        guard InferredSchema.Enumeration.canBeCases(texts) else { return nil }
        return texts
    }
}
