/// How long the importer and the migrator wait for PostgreSQL before they give up on a page or a
/// migration (it is then rolled back, never half written).
///
/// postgres-nio itself puts no limit on a query: a server that stops answering, or a connection the
/// server ends in some states, leaves the caller waiting forever; and a pool that cannot connect (a
/// refused port, rejected credentials, a missing database) keeps trying for about a minute before it
/// fails requests without saying why (postgres-nio issues #489 and #602).
public struct PostgresTimeouts: Sendable, Hashable {
    /// How long to wait for a connection from the client's pool. The pool connects lazily, so this is
    /// where an unreachable server or rejected credentials show.
    public var connect: Duration
    /// How long to wait for the answer to one statement (a `COPY` of a chunk, a merge, a `COMMIT`);
    /// `nil` waits as long as it takes. Whatever the bound, a connection that closes while a statement
    /// waits fails that statement at once.
    public var roundTrip: Duration?

    /// The importer's defaults: 10 seconds to connect and 60 seconds per statement (a merge of 10,000
    /// rows takes well under a second on a local server).
    public init(connect: Duration = .seconds(10), roundTrip: Duration? = .seconds(60)) {
        self.connect = connect
        self.roundTrip = roundTrip
    }

    /// The migrator's defaults: 10 seconds to connect and no bound per statement (a migration may
    /// rewrite a large table).
    public static var migrating: PostgresTimeouts { PostgresTimeouts(roundTrip: nil) }

    /// `0.5 s`, `10 s`: how a bound reads in an error message.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return value == value.rounded() ? "\(Int64(value)) s" : "\(value) s"
    }
}
