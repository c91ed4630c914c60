import EntityGenPostgres
import PostgresNIO
import Testing

/// The real-API shapes of `Schemas/Catalog.yaml` on PostgreSQL (the consumer tests' `Test_RealAPIShapes`
/// page): plucks and embedded ids as columns, an optional to-many, a reference sent as an identifier or
/// expanded, and to-many references whose missing targets are dropped and reported or fail the page.
@Suite struct Test_GeneratedCatalog {
    static let products = SeedPages.catalogProducts

    /// Rows of a query as text columns joined by `|` (`NULL` as `-`), in the query's order.
    static func rows(_ sql: String, _ client: PostgresClient) async throws -> [String] {
        var rows: [String] = []
        for try await row in try await client.query(PostgresQuery(unsafeSQL: sql)) {
            rows.append(try row.map { try $0.decode(String?.self) ?? "-" }.joined(separator: "|"))
        }
        return rows
    }

    @Test func storedValuesExpandedTargetsAndReferenceLinks() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.products, client: client)
            let report = try await importer.importPage(Array(Self.products.utf8))
            #expect(report.entities["Product"] == .init(inserted: 4))
            // The two suppliers sent expanded; "s1" and "s3" as codes only link.
            #expect(report.entities["Supplier"] == .init(inserted: 2))
            // Product 2 names products 1 and 3 (3 later in the page) and 99 (never sent): dropped, reported.
            #expect(report.skipped.map(\.path) == ["Product 2"])
            #expect(
                report.skipped.last?.reason
                    == "compatibleWith: no product row has the identifier 99; the link was dropped")
            #expect(
                try await Self.rows(
                    #"SELECT "id"::text, "tagNames"::text, "brandId"::text, "variantsCount"::text, "supplierCode" FROM "product" ORDER BY "id""#,
                    client) == [
                        #"1|["light", "home"]|10|2|s1"#, "2|[]|11|0|s3", #"3|["seat"]|-|-|-"#, #"4|["floor"]|-|-|-"#,
                    ])
            #expect(
                try await Self.rows(#"SELECT "code", "name" FROM "supplier" ORDER BY "code""#, client) == [
                    "s1|Acme", "s3|Globex",
                ])
            #expect(
                try await Self.rows(
                    #"SELECT "ownerId"::text, "targetCode" FROM "product_alsoFrom" ORDER BY "ownerId", "position""#,
                    client) == ["1|s1", "1|s3", "2|s3"])
            #expect(
                try await Self.rows(
                    #"SELECT "targetId"::text FROM "product_compatibleWith" WHERE "ownerId" = 2 ORDER BY "position""#,
                    client) == ["1", "3"])
        }
    }

    @Test func aLinkToAMissingTargetFailsThePageWhenTheSchemaSaysSo() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.products, client: client)
            try await importer.importPage(Array(Self.products.utf8))
            // `alsoFrom` fails on a missing supplier (the default): nothing of the page stays.
            let failing = #"{"data": [{"id": 10, "title": "Jar", "tags": [], "also_from": ["s1", "nope"]}]}"#
            do {
                try await importer.importPage(Array(failing.utf8))
                Issue.record("the page should fail")
            } catch let error as ImportError {
                let expected = #"Product 10, link to "nope": alsoFrom: the referenced row does not exist"#
                #expect(error.description == expected)
            }
            #expect(try await Self.rows(#"SELECT "id"::text FROM "product" WHERE "id" = 10"#, client) == [])
        }
    }

    @Test func aLinkedTargetLeftOutForNULIsNotLinkedAndThePageCommits() async throws {
        try await PostgresTestServer.withDatabase { client in
            try await EntityGenPostgresDatabase.migrator.migrate(client)
            let importer = PostgresImporter(feed: EntityGenPostgresDatabase.products, client: client)
            // Variant "B" holds U+0000 (PostgreSQL's text cannot store it): left out and reported, and
            // the product links only "A" (a link to "B" would fail the deferred foreign key at commit).
            let page =
                #"{"data": [{"id": 1, "title": "Lamp", "tags": [], "variants": [{"sku": "A"}, {"sku": "B", "color": "x\u0000"}]}]}"#
            let report = try await importer.importPage(Array(page.utf8))
            #expect(report.entities["Product"] == .init(inserted: 1))
            #expect(report.entities["Variant"] == .init(inserted: 1))
            #expect(report.skipped.map(\.path) == ["Variant sku=B"])
            #expect(
                try await Self.rows(#"SELECT "targetSku" FROM "product_variants" ORDER BY "position""#, client) == ["A"]
            )
        }
    }
}
