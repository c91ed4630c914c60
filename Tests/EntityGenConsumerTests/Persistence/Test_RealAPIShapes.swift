import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB
import Testing

/// The shapes of real APIs that issue 15 made declarable, on `Schemas/Catalog.yaml` as a newcomer writes
/// it from the README: a pluck (`tags[].name`), an attribute inside an embedded object (`brand.id` next
/// to `brand: Brand?`), an optional to-many (`'[Variant]?'`), a base path (`properties`), a reference sent as an identifier or
/// expanded (`expandable: true`), and a feed whose
/// records are one object or an array (`single: either`). Mapped by the generated mappers, written back,
/// imported, and read with GRDB's own query interface.
@Suite struct Test_RealAPIShapes {
    static let products = SeedPages.catalogProducts

    static func map<T: JSONMappable>(_ type: T.Type, _ json: String) throws -> Mapped<T> {
        try T.map(json: Array(json.utf8))
    }

    /// The JSON path of the mapping error `json` fails with (`nil`, recorded as an issue, when it maps or
    /// is not JSON).
    static func failurePath<T: JSONMappable>(_ type: T.Type, _ json: String) -> String? {
        do {
            _ = try T.map(json: Array(json.utf8))
            Issue.record("expected a mapping error")
        } catch {
            if case let .mapping(error) = error { return error.path }
            Issue.record("expected a mapping error, got \(error)")
        }
        return nil
    }

    static func database() throws -> DatabasePool {
        let (pool, _) = try makeDatabase()
        _ = try FeedImporter(feed: EntityGenDatabase.products, writer: pool).importPage(Array(products.utf8))
        return pool
    }

    @Test func plucksReadOneMemberOfEachElementAndWriteItBack() throws {
        let lamp = try Self.map(
            Product.self, #"{"id": 1, "title": "Lamp", "tags": [{"name": "a", "id": 7}, {"name": "b"}]}"#)
        #expect(lamp.value.tagNames == ["a", "b"])
        #expect(
            String(decoding: lamp.value.jsonBytes(), as: UTF8.self).contains(#""tags":[{"name":"a"},{"name":"b"}]"#))
        // Written back, it maps to the same value.
        #expect(try Product.map(json: lamp.value.jsonBytes()).value == lamp.value)
        // An element without the member fails at its path; a lossy pluck skips it and says where.
        #expect(
            Self.failurePath(Product.self, #"{"id": 1, "title": "x", "tags": [{"name": "a"}, {"id": 2}]}"#)
                == "$.tags[1].name")
        let sized = try Self.map(
            Product.self, #"{"id": 1, "title": "x", "tags": [], "dimensions": [{"size": 1}, {"size": "L"}, 5]}"#)
        #expect(sized.value.sizes == [1])
        #expect(sized.issues.map(\.path) == ["$.dimensions[1].size", "$.dimensions[2]"])
    }

    @Test func anAttributeInsideAnEmbeddedObjectIsMappedBesideItAndMergedBack() throws {
        let lamp = try Self.map(
            Product.self, #"{"id": 1, "title": "L", "tags": [], "brand": {"id": 10, "name": "Lumo"}}"#)
        #expect(lamp.value.brandId == 10 && lamp.value.brand?.name == "Lumo")
        let written = String(decoding: lamp.value.jsonBytes(), as: UTF8.self)
        #expect(written.contains(#""brand":{"id":10,"name":"Lumo"}"#), "\(written)")
        // No object, but the flat id: the id alone is written inside it.
        var flat = lamp.value
        flat.brand = nil
        #expect(String(decoding: flat.jsonBytes(), as: UTF8.self).contains(#""brand":{"id":10}"#))
        flat.brandId = nil
        #expect(!String(decoding: flat.jsonBytes(), as: UTF8.self).contains("brand"))
    }

    @Test func optionalToManyKeepsNilApartFromEmpty() throws {
        let absent = try Self.map(Product.self, #"{"id": 1, "title": "x", "tags": []}"#).value
        let null = try Self.map(Product.self, #"{"id": 1, "title": "x", "tags": [], "variants": null}"#).value
        let empty = try Self.map(Product.self, #"{"id": 1, "title": "x", "tags": [], "variants": []}"#).value
        #expect(absent.variants == nil && null.variants == nil && empty.variants == [])
        #expect(!String(decoding: absent.jsonBytes(), as: UTF8.self).contains("variants"))
        #expect(String(decoding: empty.jsonBytes(), as: UTF8.self).contains(#""variants":[]"#))
    }

    @Test func storedValuesReadBackAsTheyWereMapped() throws {
        let pool = try Self.database()
        try pool.read { db throws in
            let products = try Product.requestIncludingRelationships().order(Product.Columns.id).fetchAll(db)
            #expect(products.map(\.variants?.count) == [2, 0, nil, nil])
            #expect(products.map(\.tagNames) == [["light", "home"], [], ["seat"], ["floor"]])
            #expect(products[0].sizes == [20, 30])
            #expect(products.map(\.brandId) == [10, 11, nil, nil])
            #expect(products[0].brand?.name == "Lumo" && products[2].brand == nil)
            // Plain GRDB: the pluck is stored as the array of its values, the count tells nil from [].
            let row = try #require(
                try Row.fetchOne(db, sql: "SELECT tagNames, variantsCount FROM product WHERE id = 1"))
            #expect(row["tagNames"] as String? == #"["light","home"]"#)
            #expect(try Product.Record.filter(Product.Columns.variantsCount == nil).fetchAll(db).map(\.id) == [3, 4])
            #expect(try Product.Record.filter(Product.Columns.brandId == 11).fetchOne(db)?.title == "Desk")
            #expect(try Product.Record.fetchOne(db, id: 1)?.variantsCount == 2)
            let lamp = try #require(try Product.Record.fetchOne(db, id: 1))
            #expect(try lamp.request(for: Product.Record.variants).fetchCount(db) == 2)
        }
    }

    @Test func anAbsentOptionalToManyKeepsWhatIsStored() throws {
        let pool = try Self.database()
        // Product 1 again without `variants`: the stored list stays; with null it becomes nil.
        let partial =
            #"{"data": [{"id": 1, "title": "Lamp", "tags": []}, {"id": 2, "title": "Desk", "tags": [], "variants": null}]}"#
        _ = try FeedImporter(feed: EntityGenDatabase.products, writer: pool).importPage(Array(partial.utf8))
        try pool.read { db throws in
            let products = try Product.requestIncludingRelationships().order(Product.Columns.id).fetchAll(db)
            #expect(products[0].variants?.map(\.sku) == ["L-1", "L-2"])
            #expect(products[1].variants == nil)
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM product_variants WHERE ownerId = 1") == 2)
        }
    }

    @Test func aFeedOfOneOrManyRecordsAcceptsBoth() throws {
        let (pool, _) = try makeDatabase()
        let lookup = FeedImporter(feed: EntityGenDatabase.productLookup, writer: pool)
        let one = try lookup.importPage(Array(#"{"data": {"id": 5, "title": "Vase", "tags": []}}"#.utf8))
        let two = try lookup.importPage(
            Array(#"{"data": [{"id": 6, "title": "Cup", "tags": []}, {"id": 5, "title": "Vase 2", "tags": []}]}"#.utf8))
        #expect(one.total.inserted == 1 && two.total.inserted == 1 && two.total.updated == 1)
        #expect(throws: ImportError.self) { try lookup.importPage(Array(#"{"data": "nope"}"#.utf8)) }
        try pool.read { db throws in
            #expect(try Product.Record.order(Product.Columns.id).fetchAll(db).map(\.title) == ["Vase 2", "Cup"])
        }
    }

    @Test func basePathMembersAndTheirPlucksLiveUnderIt() throws {
        let (pool, _) = try makeDatabase()
        let stores = #"""
            [{"type": "Feature", "properties": {"id": "s1", "name": "Main St", "hours": [{"day": "mon", "open": 9}, {"day": "tue"}]}},
             {"type": "Feature", "properties": {"id": "s2", "name": "Harbor", "hours": []}}]
            """#
        _ = try FeedImporter(feed: EntityGenDatabase.stores, writer: pool).importPage(Array(stores.utf8))
        try pool.read { db throws in
            let main = try #require(try Store.Record.fetchOne(db, id: "s1"))
            #expect(main.openDays == ["mon", "tue"])
        }
        let store = try Self.map(Store.self, #"{"properties": {"id": "s1", "name": "M", "hours": [{"day": "mon"}]}}"#)
        #expect(
            String(decoding: store.value.jsonBytes(), as: UTF8.self)
                == #"{"properties":{"id":"s1","name":"M","hours":[{"day":"mon"}]}}"#)
    }

    @Test func anExpandableReferenceWritesBackTheFormItRead() throws {
        let json =
            #"{"id": 1, "title": "x", "tags": [], "supplier": "s1", "also_from": [{"code": "s2", "name": "B"}, "s3"]}"#
        let product = try Self.map(Product.self, json).value
        #expect(product.supplier == .reference(EntityReference("s1")))
        #expect(product.supplier?.id == "s1" && product.supplier?.expanded == nil)
        #expect(product.alsoFrom.map(\.id) == ["s2", "s3"])
        #expect(product.alsoFrom.first?.expanded?.name == "B")
        let written = String(decoding: product.jsonBytes(), as: UTF8.self)
        #expect(written.contains(#""supplier":"s1""#), "\(written)")
        #expect(written.contains(#""also_from":[{"code":"s2","name":"B"},"s3"]"#), "\(written)")
        let expanded = try Self.map(Product.self, #"{"id": 1, "title": "x", "tags": [], "supplier": {"code": "s1"}}"#)
        #expect(expanded.value.supplier?.expanded == Supplier(code: "s1"))
        #expect(String(decoding: expanded.value.jsonBytes(), as: UTF8.self).contains(#""supplier":{"code":"s1"}"#))
        // An object without the identity fails where the identity is missing.
        #expect(
            Self.failurePath(Product.self, #"{"id": 1, "title": "x", "tags": [], "supplier": {"name": "n"}}"#)
                == "$.supplier.code")
    }

    @Test func expandedTargetsAreSavedAndIdentifiersLinkToThem() throws {
        let pool = try Self.database()
        try pool.read { db throws in
            // The expanded suppliers were saved in their own table; codes link to them.
            #expect(try Supplier.Record.order(Supplier.Columns.code).fetchAll(db).map(\.code) == ["s1", "s3"])
            #expect(try Supplier.Record.fetchOne(db, id: "s3")?.name == "Globex")
            #expect(try Product.Record.fetchOne(db, id: 1)?.supplierCode == "s1")
            #expect(try Product.Record.fetchOne(db, id: 2)?.supplierCode == "s3")
            let links = try Row.fetchAll(
                db, sql: "SELECT ownerId, targetCode FROM product_alsoFrom ORDER BY ownerId, position")
            #expect(
                links.map { "\($0["ownerId"] as Int64? ?? 0):\($0["targetCode"] as String? ?? "")" } == [
                    "1:s1", "1:s3", "2:s3",
                ])
            // Read back from a row, the reference holds the identifier; the object is in its table.
            let desk = try #require(
                try Product.requestIncludingRelationships().filter(Product.Columns.id == 2).fetchOne(db))
            #expect(desk.supplier == .reference(EntityReference("s3")))
            // To-many references read back from their link rows, in order (they read back empty before,
            // and an app saving the model again would have unlinked them).
            let products = try Product.requestIncludingRelationships().order(Product.Columns.id).fetchAll(db)
            #expect(
                products.first { $0.id == 1 }?.alsoFrom == [
                    .reference(EntityReference("s1")), .reference(EntityReference("s3")),
                ])
            #expect(products.first { $0.id == 2 }?.alsoFrom.map(\.id) == ["s3"])
            #expect(products.first { $0.id == 2 }?.compatibleWith.map(\.id) == [1, 3])
        }
    }

    /// To-many references are checked like to-one references once the page is written: forward
    /// references work, a missing target is dropped and reported (`onMissingTarget: drop`) or fails the
    /// page (the default), and nothing of a failed page stays.
    @Test func linksToMissingTargetsAreDroppedOrFailThePage() throws {
        let pool = try Self.database()
        try pool.read { db throws in
            let links = try Int64.fetchAll(
                db, sql: "SELECT targetId FROM product_compatibleWith WHERE ownerId = 2 ORDER BY position")
            #expect(links == [1, 3])
        }
        let importer = FeedImporter(feed: EntityGenDatabase.products, writer: pool)
        let report = try importer.importPage(
            Array(
                #"{"data": [{"id": 8, "title": "Pot", "tags": [], "compatible_with": [9, 77]}, {"id": 9, "title": "Lid", "tags": []}]}"#
                    .utf8))
        #expect(report.skipped.map(\.path) == ["Product 8"])
        #expect(
            report.skipped.map(\.reason) == [
                "compatibleWith: no product row has the identifier 77; the link was dropped"
            ])
        let failing = #"{"data": [{"id": 10, "title": "Jar", "tags": [], "also_from": ["s1", "nope"]}]}"#
        #expect(throws: ImportError.self) { try importer.importPage(Array(failing.utf8)) }
        try pool.read { db throws in
            #expect(try Int64.fetchAll(db, sql: "SELECT targetId FROM product_compatibleWith WHERE ownerId = 8") == [9])
            #expect(try Product.Record.fetchOne(db, id: 10) == nil)
        }
    }
}
