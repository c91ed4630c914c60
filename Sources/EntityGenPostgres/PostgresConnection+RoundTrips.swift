import PostgresNIO

/// The importer's and the migrator's statements, each one round trip bounded by ``PostgresRoundTrip``.
extension PostgresConnection {
    /// Runs one statement whose rows, if any, are not wanted. Always with `logger`: without it
    /// postgres-nio picks an older `EventLoopFuture` overload, which the caller would not await.
    func execute(sql: String, logger: Logger) async throws {
        try await run(PostgresQuery(unsafeSQL: sql), logger: logger)
    }

    /// Runs `query` (with bound values) whose rows, if any, are not wanted.
    func run(_ query: PostgresQuery, logger: Logger) async throws {
        try await PostgresRoundTrip.bounded(on: self, Self.describe(query.sql)) {
            _ = try await self.query(query, logger: logger)
        }
    }

    /// Runs `query` and returns its rows, each cell decoded as `Cell` (`NULL` as nil).
    func rows<Cell: PostgresDecodable & Sendable>(
        _ query: PostgresQuery, of cell: Cell.Type, logger: Logger
    ) async throws -> [[Cell?]] where Cell._DecodableType == Cell {
        try await PostgresRoundTrip.bounded(on: self, Self.describe(query.sql)) {
            var rows: [[Cell?]] = []
            for try await row in try await self.query(query, logger: logger) {
                rows.append(try row.map { try $0.decode(Cell?.self) })
            }
            return rows
        }
    }

    /// The rows of a statement that returns `(inserted, identity)` per row (``PostgresTable/listing``).
    func identityRows(_ query: PostgresQuery, logger: Logger) async throws -> [(Bool, String)] {
        try await PostgresRoundTrip.bounded(on: self, Self.describe(query.sql)) {
            var rows: [(Bool, String)] = []
            for try await row in try await self.query(query, logger: logger) {
                rows.append(try row.decode((Bool, String).self))
            }
            return rows
        }
    }

    /// Streams COPY text into `table`'s `columns`, a megabyte at a time.
    func copy(_ bytes: [UInt8], into table: String, columns: [String], logger: Logger) async throws {
        try await PostgresRoundTrip.bounded(on: self, "COPY into \(table)") {
            try await self.copyFrom(table: table, columns: columns, logger: logger) { writer in
                var start = 0
                while start < bytes.count {
                    let end = min(start + 1 << 20, bytes.count)
                    try await writer.write(ByteBuffer(bytes: bytes[start..<end]))
                    start = end
                }
            }
        }
    }

    /// Runs `body` in a transaction: `BEGIN`, then `COMMIT` when it returns, `ROLLBACK` when it throws.
    /// A connection that cannot roll back (it closed, or did not answer) is closed, so the server rolls
    /// back. Unlike postgres-nio's `withTransaction`, every statement is bounded, the rollback too. A
    /// transaction the server aborted for another's sake throws ``PostgresAbortedTransaction``.
    func transaction<Result>(
        logger: Logger, _ body: (PostgresConnection) async throws -> Result
    ) async throws
        -> Result
    {
        try await execute(sql: "BEGIN", logger: logger)
        let result: Result
        do {
            result = try await body(self)
        } catch {
            // In a task of its own: a cancelled caller still rolls back.
            let rolledBack = await Task { [self] in
                (try? await execute(sql: "ROLLBACK", logger: logger)) != nil
            }.value
            if !rolledBack { abandon() }
            throw PostgresAbortedTransaction(error) ?? error
        }
        do {
            try await execute(sql: "COMMIT", logger: logger)
        } catch {
            throw PostgresAbortedTransaction(error) ?? error
        }
        return result
    }

    /// Closes the connection without waiting: the server then rolls back what it had open, and the
    /// client's pool replaces the connection.
    func abandon() {
        _ = close() as EventLoopFuture<Void>
    }

    /// A statement as errors name it: its first 80 characters, whitespace collapsed.
    static func describe(_ sql: String) -> String {
        let words = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.count <= 80 ? words : words.prefix(79) + "…"
    }
}
