import Foundation

/// Which rows of one entity an import changed, named by their identities, in the order they were
/// written (``ImportReport/changes``). Filled only when the importer is asked for it
/// (`reportsChanges: true`); unchanged rows are never listed.
///
/// The counts of ``ImportReport/Counts`` stay the figures to trust for totals: the lists hold the same
/// rows, except rows deleted with their owner (cascades, which no count includes either). A row that
/// two pages of a sync wrote is listed once per page.
public struct ChangeSet: Hashable, Sendable {
    /// Rows that did not exist before.
    public var inserted: [RowIdentity] = []
    /// Rows that existed and whose stored values changed.
    public var updated: [RowIdentity] = []
    /// Rows deleted by delete actions, orphan deletion, or an owner that no longer holds them.
    public var deleted: [RowIdentity] = []

    /// Creates a change set.
    public init(inserted: [RowIdentity] = [], updated: [RowIdentity] = [], deleted: [RowIdentity] = []) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }

    /// Both lists, one after the other, kind by kind.
    public static func + (lhs: ChangeSet, rhs: ChangeSet) -> ChangeSet {
        ChangeSet(
            inserted: lhs.inserted + rhs.inserted, updated: lhs.updated + rhs.updated,
            deleted: lhs.deleted + rhs.deleted)
    }

    /// Appends the other set's lists, kind by kind.
    public static func += (lhs: inout ChangeSet, rhs: ChangeSet) {
        lhs.inserted += rhs.inserted
        lhs.updated += rhs.updated
        lhs.deleted += rhs.deleted
    }
}

/// A stored row named by its identification values (for an entity without identification attributes,
/// its row id, column `_id`), as the database returned them.
public struct RowIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The identifying columns, in the table's order.
    public var columns: [String]
    /// Their values, in the same order.
    public var values: [IdentityValue]

    /// Creates an identity.
    public init(columns: [String], values: [IdentityValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value of one identifying column, `nil` when the identity has no such column.
    public subscript(column: String) -> IdentityValue? {
        columns.firstIndex(of: column).map { values[$0] }
    }

    /// The value of a single-column identity as `T` (`Int64`, `String`, `UUID`...); `nil` when the
    /// identity has several columns or its value is not a `T`.
    public func value<T: IdentityValueConvertible>(as type: T.Type) -> T? {
        values.count == 1 ? T(identityValue: values[0]) : nil
    }

    /// The value of one identifying column as `T`; `nil` when there is no such column or its value is not
    /// a `T`.
    public func value<T: IdentityValueConvertible>(_ column: String, as type: T.Type) -> T? {
        self[column].flatMap(T.init(identityValue:))
    }

    /// `name=Alamofire version=5.0`
    public var description: String {
        zip(columns, values).map { "\($0)=\($1)" }.joined(separator: " ")
    }
}

extension Array where Element == RowIdentity {
    /// The single-column identities as `T`, in order: `report.changes["Repo"]?.inserted.values(as: Int64.self)`.
    /// Throws when one has several columns or a value that is not a `T`: nothing is dropped silently.
    public func values<T: IdentityValueConvertible>(as type: T.Type) throws(IdentityConversionError) -> [T] {
        var values: [T] = []
        values.reserveCapacity(count)
        for identity in self {
            guard let value = identity.value(as: type) else {
                throw IdentityConversionError(identity: identity, type: String(describing: type))
            }
            values.append(value)
        }
        return values
    }
}

/// An identity that is not the single value of the type it was read as.
public struct IdentityConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The identity.
    public var identity: RowIdentity
    /// The type asked for.
    public var type: String

    /// `id=text("a1") is not a single Int64`
    public var description: String { "\(identity) is not a single \(type)" }
}

/// One stored identification value: what the database holds, by storage class.
public enum IdentityValue: Hashable, Sendable, CustomStringConvertible {
    /// An integer.
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// Text (also a decimal, a date or a UUID stored as text).
    case text(String)
    /// Bytes.
    case blob([UInt8])
    /// No value.
    case null

    /// The value as written in SQL literals' spirit: `42`, `"a1"`, `x'0a0b'`, `null`.
    public var description: String {
        switch self {
        case let .integer(value): "\(value)"
        case let .real(value): "\(value)"
        case let .text(value): "\"\(value)\""
        case let .blob(bytes): "x'" + bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + "'"
        case .null: "null"
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
