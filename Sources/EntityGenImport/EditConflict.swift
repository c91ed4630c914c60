/// A local edit that a pull met: the row still had an edit waiting to be pushed when the import wrote
/// the server's row (or deleted it). The unsent edit was dropped; with `conflicts: clientWins` the fields
/// it changed were then written back as a new edit (``keptLocal``), and with `lastWriterWins` those the
/// device changed after the server's row was last changed (``keptColumns``). Both versions of the row
/// are kept here, so that the app can tell the user, or write the local values back itself.
public struct EditConflict: Hashable, Sendable, CustomStringConvertible {
    /// The entity's schema name.
    public var entity: String
    /// The row.
    public var identity: RowIdentity
    /// The unsent edit that was dropped: `create`, `update` or `delete`.
    public var operation: String
    /// The row's columns as the device had them, by column name (empty: the device had deleted it).
    public var local: [String: IdentityValue]
    /// The row's columns as the server sent them, by column name (empty: the server deleted it).
    public var server: [String: IdentityValue]
    /// Whether the device's version was written back after the server's (the entity's `conflicts:
    /// clientWins`, or `lastWriterWins` where the device's change was the newer): the fields the edit
    /// changed, or the row deleted again, sent by the next push.
    public var keptLocal: Bool
    /// The columns whose device values were written back, sorted (empty when the server's row was kept
    /// whole, or the row was deleted again).
    public var keptColumns: [String]

    /// Creates a conflict.
    public init(
        entity: String, identity: RowIdentity, operation: String, local: [String: IdentityValue],
        server: [String: IdentityValue], keptLocal: Bool = false, keptColumns: [String] = []
    ) {
        self.entity = entity
        self.identity = identity
        self.operation = operation
        self.local = local
        self.server = server
        self.keptLocal = keptLocal
        self.keptColumns = keptColumns
    }

    /// The columns whose values differ between the two versions, sorted.
    public var differingColumns: [String] {
        Set(local.keys).union(server.keys).filter { local[$0] != server[$0] }.sorted()
    }

    /// `Todo [id: ...]: the server's row replaced an unsent update (title: "mine" -> "theirs")`.
    public var description: String {
        let what =
            server.isEmpty
            ? "the server deleted the row" : local.isEmpty ? "the server kept the row" : "the server's row replaced"
        let changes = differingColumns.map {
            "\($0): \(local[$0].map(String.init(describing:)) ?? "-") -> \(server[$0].map(String.init(describing:)) ?? "-")"
        }
        return "\(entity) \(identity): \(what) an unsent \(operation) (\(changes.joined(separator: ", ")))"
            + (keptColumns.isEmpty
                ? (keptLocal ? "; the device's version was written back" : "")
                : "; the device's \(keptColumns.joined(separator: ", ")) written back")
    }
}
