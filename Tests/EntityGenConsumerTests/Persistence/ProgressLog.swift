import Foundation

/// Collects values from a `@Sendable` callback (a sync's progress), for the SQLite and PostgreSQL
/// consumer tests (the PostgreSQL target links this file).
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    func append(_ value: Int) { lock.withLock { stored.append(value) } }
    var values: [Int] { lock.withLock { stored } }
}
