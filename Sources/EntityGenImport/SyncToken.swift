import Foundation

/// A name part of one sync's own: the temporary tables in which each backend records the identities a
/// sync saved carry it, so that two syncs at once (on one SQLite writer connection, or one PostgreSQL
/// session behind a pooler) never share a table.
package enum SyncToken {
    /// Twelve random lowercase hexadecimal digits.
    package static func make() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    }
}
