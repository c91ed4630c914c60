/// What an entity's `push:` decides for its table: each route with its placeholders as column names, and
/// the top-level JSON key each column's value is written under (what a `PATCH` sends when it changed).
struct PushPlan: Sendable {
    /// One route.
    struct Route: Sendable {
        /// The edit it sends.
        var operation: SchemaKeys.Push
        /// The HTTP method.
        var method: String
        /// The path, its placeholders naming identification columns (`/todos/{id}`).
        var path: String
    }

    /// The declared routes, in the order `create`, `update`, `delete`.
    var routes: [Route]
    /// Each stored column's top-level JSON key, in column order (columns written under no key of the
    /// entity's own object, such as an owned row's slot, are left out).
    var jsonKeys: [(column: String, key: String)]
    /// Each relationship's top-level JSON key, by schema name: what a `PATCH` sends when the rows of its
    /// link table changed.
    var relationshipKeys: [String: String]
    /// The identification columns that hold a UUID, which a path gives as text.
    var uuidColumns: [String]
    /// Whose version a pull keeps when a row has an unsent edit.
    var conflicts: ConflictPolicy
    /// With `lastWriterWins`: the column that says when the server last changed a row.
    var timestampColumn: String?

    /// The plan of `entity`'s `push:` over its table's `columns`, or `nil` without one.
    static func plan(_ entity: ResolvedEntity, columns: [TablePlan.Column]) -> PushPlan? {
        guard let push = entity.declaration.push else { return nil }
        let columnNames = Dictionary(
            entity.attributes.map { ($0.name, $0.swiftName) }, uniquingKeysWith: { first, _ in first })
        let routes = push.routes.map { operation, route in
            var path = route.path
            for placeholder in route.placeholders {
                path = path.replacingOccurrences(
                    of: "{\(placeholder)}", with: "{\(columnNames[placeholder] ?? placeholder)}")
            }
            return Route(operation: operation, method: route.method, path: path)
        }
        let base = entity.declaration.basePath?.value.components.first
        var keys: [SourceLocation: String] = [:]
        for attribute in entity.attributes {
            keys[attribute.declaration.name.location] = attribute.keyPath.components[0]
        }
        for relationship in entity.relationships {
            keys[relationship.declaration.name.location] = relationship.keyPath.components[0]
        }
        let relationshipKeys = Dictionary(
            entity.relationships.map { ($0.name, base ?? $0.keyPath.components[0]) },
            uniquingKeysWith: { first, _ in first })
        let jsonKeys = columns.compactMap { column in
            keys[column.location].map { (column: column.name, key: base ?? $0) }
        }
        let uuidColumns = entity.identityAttributes.filter { $0.type == .builtin(.uuid) }.map(\.swiftName)
        let timestamp = push.timestamp.flatMap { name in
            entity.attributes.first { $0.name == name.value }.flatMap { attribute in
                columns.first { $0.location == attribute.declaration.name.location }?.name
            }
        }
        return PushPlan(
            routes: routes, jsonKeys: jsonKeys, relationshipKeys: relationshipKeys, uuidColumns: uuidColumns,
            conflicts: push.conflicts?.value ?? .serverWins, timestampColumn: timestamp)
    }
}
