import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB

/// The hand-written reference that generated code is measured against: what a careful hand-writer
/// writes, on EntityGen's runtimes, for the behaviour and API that `Schemas/Flat.yaml` generates for
/// `Flat`: the model, located mapping errors, absent keys kept on update, JSON written back, `Codable`,
/// a GRDB record (`Columns`, `init(row:)`, `encode(to:)`), the importer's store and the table's
/// migration. `Test_HandWrittenReference` shows that the two behave the same; `entitygen-bench
/// generate` counts both. Formatted with the package's swift-format configuration, one declaration per
/// line as GRDB's guide writes `Columns`.
struct HandWrittenFlat: Sendable, Hashable, Identifiable, Codable {
    var identifier: Int64
    var name: String
    var summary: String?
    var count: Int32
    var ratio: Double?
    var isActive: Bool
    var created: Date
    var updated: Date?
    var homepage: URL?
    var token: UUID?
    var tags: [String]
    var scores: [String: Double]

    var id: Int64 { identifier }
}

extension HandWrittenFlat {
    init(from decoder: any Decoder) throws { self = try JSONMappableCoding.decode(from: decoder) }
    func encode(to encoder: any Encoder) throws { try JSONMappableCoding.encode(self, to: encoder) }
}

extension HandWrittenFlat {
    /// The attributes' names.
    enum Attributes {
        static let identifier = "identifier"
        static let name = "name"
        static let summary = "summary"
        static let count = "count"
        static let ratio = "ratio"
        static let isActive = "isActive"
        static let created = "created"
        static let updated = "updated"
        static let homepage = "homepage"
        static let token = "token"
        static let tags = "tags"
        static let scores = "scores"
    }
}

extension HandWrittenFlat: JSONMappable {
    static func map(from json: JSONValue, context: inout MappingContext) throws(MappingError) -> HandWrittenFlat {
        try context.expectObject(json, entity: "HandWrittenFlat", schema: "HandWrittenFlat")
        var absent = AbsentFields()
        let summary = try context.optionalString(json, "summary", schema: "summary")
        if summary == nil, context.isAbsent(json, "summary") { absent.insert(0) }
        let ratio = try context.optionalDouble(json, "ratio", schema: "ratio")
        if ratio == nil, context.isAbsent(json, "ratio") { absent.insert(1) }
        let updated = try context.optionalISO8601Date(json, "updated", schema: "updated")
        if updated == nil, context.isAbsent(json, "updated") { absent.insert(2) }
        let homepage = try context.optionalURL(json, "homepage", schema: "homepage")
        if homepage == nil, context.isAbsent(json, "homepage") { absent.insert(3) }
        let token = try context.optionalUUID(json, "token", schema: "token")
        if token == nil, context.isAbsent(json, "token") { absent.insert(4) }
        let flat = HandWrittenFlat(
            identifier: try context.integer(json, "identifier", schema: "identifier", as: Int64.self),
            name: try context.string(json, "name", schema: "name"), summary: summary,
            count: try context.integer(json, "count", schema: "count", as: Int32.self), ratio: ratio,
            isActive: try context.bool(json, "is_active", schema: "isActive"),
            created: try context.iso8601Date(json, "created", schema: "created"), updated: updated,
            homepage: homepage, token: token,
            tags: try context.required(
                json, MappingField("tags", schema: "tags"), ArrayTransformer(StringTransformer())),
            scores: try context.required(
                json, MappingField("scores", schema: "scores"), MapTransformer(DoubleTransformer())))
        context.recordAbsent(absent)
        return flat
    }

    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.integer(identifier, forKey: "identifier")
        writer.string(name, forKey: "name")
        writer.optionalString(summary, forKey: "summary")
        writer.integer(count, forKey: "count")
        writer.optionalDouble(ratio, forKey: "ratio")
        writer.bool(isActive, forKey: "is_active")
        writer.iso8601Date(created, forKey: "created")
        writer.optionalISO8601Date(updated, forKey: "updated")
        writer.optionalURL(homepage, forKey: "homepage")
        writer.optionalUUID(token, forKey: "token")
        writer.key("tags")
        ArrayTransformer(StringTransformer()).encode(tags, to: &writer)
        writer.key("scores")
        MapTransformer(DoubleTransformer()).encode(scores, to: &writer)
        writer.endObject()
    }
}

extension HandWrittenFlat: PersistableEntity, PersistableRecord {
    typealias Record = HandWrittenFlat
    static let databaseTableName = "handWrittenFlat"

    enum Columns {
        static let identifier = Column("identifier")
        static let name = Column("name")
        static let summary = Column("summary")
        static let count = Column("count")
        static let ratio = Column("ratio")
        static let isActive = Column("isActive")
        static let created = Column("created")
        static let updated = Column("updated")
        static let homepage = Column("homepage")
        static let token = Column("token")
        static let tags = Column("tags")
        static let scores = Column("scores")
    }

    static func requestIncludingRelationships() -> QueryInterfaceRequest<HandWrittenFlat> { all() }

    init(row: Row) throws {
        self.init(
            identifier: try row.column("identifier", at: 0), name: try row.column("name", at: 1),
            summary: try row.column("summary", at: 2), count: try row.column("count", at: 3),
            ratio: try row.column("ratio", at: 4), isActive: try row.column("isActive", at: 5),
            created: try row.column("created", at: 6), updated: try row.column("updated", at: 7),
            homepage: try row.column("homepage", at: 8), token: try row.column("token", at: 9),
            tags: try row.jsonColumn("tags", at: 10, ArrayTransformer(StringTransformer())),
            scores: try row.jsonColumn("scores", at: 11, MapTransformer(DoubleTransformer())))
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["identifier"] = identifier
        container["name"] = name
        container["summary"] = summary
        container["count"] = count
        container["ratio"] = ratio
        container["isActive"] = isActive
        container["created"] = created
        container["updated"] = updated
        container["homepage"] = homepage
        container["token"] = token
        container.setJSONColumn("tags", tags, ArrayTransformer(StringTransformer()))
        container.setJSONColumn("scores", scores, MapTransformer(DoubleTransformer()))
    }

    enum SQLite: EntityStore {
        static let table = EntityTable(
            entity: "HandWrittenFlat", name: "handWrittenFlat",
            columns: [
                "identifier", "name", "summary", "count", "ratio", "isActive", "created", "updated", "homepage",
                "token", "tags", "scores",
            ], identity: ["identifier"],
            absentBits: ["summary": 0, "ratio": 1, "updated": 2, "homepage": 3, "token": 4])
        static var tables: [EntityTable] { [table] }

        static func save(_ flat: HandWrittenFlat, absent: AbsentTree, in session: inout ImportSession) throws -> Int64 {
            let row = try session.prepare(table, absent: absent.fields)
            row.bind(flat.identifier, at: 1)
            row.bind(flat.name, at: 2)
            row.bind(flat.summary, at: 3)
            row.bind(flat.count, at: 4)
            row.bind(flat.ratio, at: 5)
            row.bind(flat.isActive, at: 6)
            row.bind(flat.created, at: 7)
            row.bind(flat.updated, at: 8)
            row.bind(flat.homepage, at: 9)
            row.bind(flat.token, at: 10)
            row.bind(flat.tags, json: ArrayTransformer(StringTransformer()), at: 11)
            row.bind(flat.scores, json: MapTransformer(DoubleTransformer()), at: 12)
            return try session.save(row)
        }

        static func rowKey(from json: JSONValue, context: inout MappingContext) throws(MappingError) -> RowKey {
            try context.expectObject(json, entity: "HandWrittenFlat", schema: "HandWrittenFlat")
            return RowKey(table, [try context.integer(json, "identifier", schema: "identifier", as: Int64.self)])
        }

        static func rowKey(of flat: HandWrittenFlat) -> RowKey? { RowKey(table, [flat.identifier]) }
    }

    static func registerMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("handWrittenFlat") { db in
            try db.create(table: "handWrittenFlat") { t in
                t.primaryKey("identifier", .integer)
                t.column("name", .text).notNull()
                t.column("summary", .text)
                t.column("count", .integer).notNull()
                t.column("ratio", .double)
                t.column("isActive", .integer).notNull()
                t.column("created", .datetime).notNull()
                t.column("updated", .datetime)
                t.column("homepage", .text)
                t.column("token", .blob)
                t.column("tags", .text).notNull()
                t.column("scores", .text).notNull()
            }
        }
    }
}
