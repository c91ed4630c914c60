import Foundation
import GRDB

/// SQL functions generated migrations register before they convert stored values. A migration that
/// converts a column calls `db.add(function:)` with one of these, then uses it in the copy of a rebuilt
/// table; the generator names each the same (`MigrationRenderer.uuidBlobFunction`).
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
