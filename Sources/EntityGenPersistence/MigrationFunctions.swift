import Foundation
import GRDB

/// SQL functions generated migrations register before they convert stored values. A migration that
/// converts a column calls `db.add(function:)` with one of these, then uses it in the copy of a rebuilt
/// table; the generator names each the same (`MigrationRenderer.function(for:)`).
public enum MigrationFunctions {
    /// `entitygen_uuid_blob(value)`: a UUID's text (any case, with hyphens) as GRDB stores a `UUID`, its
    /// 16 bytes in a blob; any other value unchanged, so reading it still names the column.
    public static let uuidBlob = DatabaseFunction("entitygen_uuid_blob", argumentCount: 1, pure: true) { values in
        guard let text = String.fromDatabaseValue(values[0]), let uuid = UUID(uuidString: text) else {
            return values[0]
        }
        return UUIDStorage.bytes(uuid)
    }
}

extension MigrationFunctions {
    /// `entitygen_decimal_text(value)`: a stored decimal as the runtime stores one now, its text
    /// (`Decimal.description`, see ``DecimalCollation``): a `REAL` (how earlier versions stored decimals a double
    /// holds exactly) by its shortest text, an integer by its digits, number text in its canonical form when
    /// `Decimal` holds every digit of it; any other value unchanged, so reading it still names the column.
    public static let decimalText = DatabaseFunction("entitygen_decimal_text", argumentCount: 1, pure: true) {
        values in
        // What the runtime reads (a REAL by its shortest text, integers, number text); anything else stays.
        guard let decimal = try? Decimal(databaseValue: values[0]) else { return values[0] }
        let canonical = decimal.description
        // Text with more digits than `Decimal` holds stays as it was.
        if case let .string(text) = values[0].storage, DecimalCollation.compare(canonical, text) != .orderedSame {
            return text
        }
        return canonical
    }
}
