/// An entity's `push:`: the request that sends each kind of local edit to the server.
///
/// ```yaml
/// push:
///   create: POST /todos
///   update: PATCH /todos/{id}
///   delete: DELETE /todos/{id}
///   conflicts: clientWins     # optional; serverWins by default
/// ```
///
/// With `conflicts: lastWriterWins`, `timestamp:` names the `Date` attribute that says when the server
/// last changed a row (`timestamp: updatedAt`).
public struct PushDeclaration: Hashable, Sendable {
    /// The request for a row created locally.
    public var create: PushRouteDeclaration?
    /// The request for a row updated locally.
    public var update: PushRouteDeclaration?
    /// The request for a row deleted locally.
    public var delete: PushRouteDeclaration?
    /// Whose version a pull keeps when a row still has an unsent edit (default `serverWins`).
    public var conflicts: Located<ConflictPolicy>?
    /// The `Date` attribute that says when the server last changed a row: what `lastWriterWins`
    /// compares the device's edit times with.
    public var timestamp: Located<String>?
    /// Where `push:` was written.
    public var location: SourceLocation

    /// The keys that name routes (every key of `push:` but `conflicts` and `timestamp`), in order.
    public static let routeKeys: [SchemaKeys.Push] = SchemaKeys.Push.allCases.filter { key in
        switch key {
        case .create, .update, .delete: true
        case .conflicts, .timestamp: false
        }
    }

    /// The declared routes with their operation's key, in the order `create`, `update`, `delete`.
    public var routes: [(operation: SchemaKeys.Push, route: PushRouteDeclaration)] {
        Self.routeKeys.compactMap { operation in
            switch operation {
            case .create: create.map { (operation, $0) }
            case .update: update.map { (operation, $0) }
            case .delete: delete.map { (operation, $0) }
            case .conflicts, .timestamp: nil
            }
        }
    }
}

/// One route of `push:`, as parsed from `METHOD /path/{attribute}`.
public struct PushRouteDeclaration: Hashable, Sendable {
    /// The HTTP method, uppercased: `POST`, `PUT`, `PATCH` or `DELETE`.
    public var method: String
    /// The path template as written, starting with `/`.
    public var path: String
    /// The attribute names the path's `{...}` placeholders give, in order.
    public var placeholders: [String]
    /// Where the route was written.
    public var location: SourceLocation

    /// The methods a route may use.
    public static let methods: Set<String> = ["POST", "PUT", "PATCH", "DELETE"]
}
