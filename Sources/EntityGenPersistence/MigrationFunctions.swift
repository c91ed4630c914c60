import Foundation
import GRDB

/// SQL functions generated migrations register before they convert stored values. A migration that
/// converts a column calls `db.add(function:)` with one of these, then uses it in the copy of a rebuilt
/// table; the generator names each the same (`MigrationRenderer.uuidBlobFunction`,
/// `MigrationRenderer.decimalTextFunction`).
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
        switch values[0].storage {
        case let .int64(integer): return String(integer)
        case let .double(double):
            guard double.isFinite, let decimal = DecimalStorage.decimal(String(double)) else { return values[0] }
            return decimal.description
        case let .string(text):
            guard let decimal = DecimalStorage.decimal(text) else { return text }
            var canonical = decimal.description
            var original = text
            let same = canonical.withUTF8 { canonical in
                original.withUTF8 { DecimalCollation.compare(canonical, $0) == .orderedSame }
            }
            return same ? canonical : text
        case .null, .blob: return values[0]
        }
    }
}
