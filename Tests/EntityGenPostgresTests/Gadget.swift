import EntityGenPostgres
import EntityGenRuntime
import Foundation

/// A model conforming by hand the way generated PostgreSQL persistence code does, so that the runtime's
/// contract is tested apart from the generator (the `Generated/` suites test the generated code):
/// identity `id`, scalars of each column type, a JSON column, and two optionals whose stored value an
/// import keeps when the key is absent (`note`, `price`).
struct Gadget: Sendable, Equatable {
    var id: Int64
    var name: String
    var price: Double?
    var note: String?
    var releasedAt: Date?
    var tags: [String]
    var sku: UUID?
    var amount: Decimal?

    /// The table the tests create (what the backend's migration would create).
    static let createTableSQL = """
        CREATE TABLE "gadget" ("id" bigint NOT NULL, "name" text NOT NULL, "price" double precision, \
        "note" text, "releasedAt" timestamp with time zone, "tags" jsonb NOT NULL, "sku" uuid, "amount" numeric, \
        PRIMARY KEY ("id"))
        """
}

extension Gadget: JSONMappable {
    static func map(from json: JSONValue, context: inout MappingContext) throws(MappingError) -> Gadget {
        try context.expectObject(json, entity: "Gadget", schema: "Gadget.yaml:1:1")
        var absent = AbsentFields()
        let id = try context.integer(json, "id", schema: "Gadget.yaml:3:5", as: Int64.self)
        let name = try context.string(json, "name", schema: "Gadget.yaml:4:5")
        let price = try context.optionalDouble(json, "price", schema: "Gadget.yaml:5:5")
        if case .none = price, context.isAbsent(json, "price") { absent.insert(1) }
        let note = try context.optionalString(json, "note", schema: "Gadget.yaml:6:5")
        if case .none = note, context.isAbsent(json, "note") { absent.insert(0) }
        let releasedAt = try context.optionalISO8601Date(json, "released_at", schema: "Gadget.yaml:7:5")
        let tags = try context.required(
            json, MappingField("tags", schema: "Gadget.yaml:8:5"), ArrayTransformer(StringTransformer()), default: [])
        let sku = try context.optionalUUID(json, "sku", schema: "Gadget.yaml:9:5")
        let amount = try context.optionalDecimal(json, "amount", schema: "Gadget.yaml:10:5")
        context.recordAbsent(absent)
        return Gadget(
            id: id, name: name, price: price, note: note, releasedAt: releasedAt, tags: tags, sku: sku,
            amount: amount)
    }

    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id")
        writer.integer(id)
        writer.string(name, forKey: "name")
        writer.endObject()
    }
}

extension Gadget: PostgresEntity {
    /// The hand-written store, as generated code writes it.
    enum Postgres: EntityStore {
        static let table = PostgresTable(
            entity: "Gadget", name: "gadget",
            columns: ["id", "name", "price", "note", "releasedAt", "tags", "sku", "amount"], identity: ["id"],
            absentBits: ["note": 0, "price": 1])

        static var tables: [PostgresTable] { [table] }

        static func rowKey(
            from json: JSONValue, context: inout MappingContext
        ) throws(MappingError) -> PostgresRowKey {
            try context.expectObject(json, entity: "Gadget", schema: "Gadget.yaml:1:1")
            return PostgresRowKey(
                table, [try context.integer(json, "id", schema: "Gadget.yaml:3:5", as: Int64.self)])
        }

        static func rowKey(of entity: Gadget) -> PostgresRowKey? { PostgresRowKey(table, [entity.id]) }

        @discardableResult
        static func save(_ entity: Gadget, absent: AbsentTree, in session: inout PostgresSession) -> Int64 {
            session.save(table, key: rowKey(of: entity), absent: absent.fields) { row in
                row.append(entity.id)
                row.append(entity.name)
                row.append(entity.price)
                row.append(entity.note)
                row.append(entity.releasedAt)
                row.appendJSON(entity.tags, ArrayTransformer(StringTransformer()))
                row.append(entity.sku)
                row.append(entity.amount)
            }
        }
    }
}
