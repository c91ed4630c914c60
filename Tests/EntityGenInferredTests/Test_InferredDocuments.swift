import EntityGenPersistence
import EntityGenRuntime
import EntityGenTestSupport
import Foundation
import GRDB
import Testing

/// The corpora whose records have no identity (citm_catalog.json is one catalog object, canada.json one
/// GeoJSON feature): no feed can update them by identity, but a model saves through an
/// ``ImportSession`` as a feed's would, and reading it back with its generated
/// `requestIncludingRelationships()` gives the document as sent, the nested entities with identities
/// (citm's events and performances, a performance's reference to its event) included.
@Suite struct Test_InferredDocuments {
    static let data = Test_InferredImport.root.appendingPathComponent("Tests/Corpora/benchmarks-nativejson/data")

    /// Maps `records` with `M`, saves each in one transaction, reads them all back, and compares each
    /// written back with what was sent.
    private func saveAndReadBack<M: PersistableEntity & JSONMappable>(
        _: M.Type, file: String, records key: String?, count: Int, readBack: (Database) throws -> [M]
    ) throws {
        let bytes = try Array(Data(contentsOf: Self.data.appendingPathComponent(file)))
        let folder = try TemporaryFolder.make("entitygen-inferred-documents")
        let pool = try EntityGenDatabase.openDatabase(atPath: folder.appendingPathComponent("db.sqlite").path)
        let sent: [AnyJSON] = try JSONDocument(bytes: bytes).withRoot { root in
            let records = key.flatMap { root[$0] } ?? root
            var result: [AnyJSON] = []
            if records.kind == .array {
                records.forEachElement { _, record in result.append(AnyJSON(record)) }
            } else {
                result.append(AnyJSON(records))
            }
            return result
        }
        #expect(sent.count == count)
        let models: [M] = try JSONDocument(bytes: bytes).withRoot { root in
            let records = key.flatMap { root[$0] } ?? root
            var context = MappingContext()
            if records.kind == .array {
                var result: [M] = []
                var failure: (any Error)?
                records.forEachElement { _, record in
                    do { result.append(try M.map(from: record, context: &context)) } catch { failure = error }
                }
                if let failure { throw failure }
                return result
            }
            return [try M.map(from: records, context: &context)]
        }
        try pool.write { db in
            var session = ImportSession(db)
            for model in models { try M.SQLite.save(model, in: &session) }
            _ = try session.finish()
        }
        let stored = try pool.read(readBack)
        #expect(stored.count == count)
        for (index, model) in stored.enumerated() {
            let written = try JSONDocument(bytes: model.jsonBytes()).withRoot { AnyJSON($0) }
            let difference = JSONComparison.difference(sent[index], written, at: "$", nullOrAbsent: [])
            #expect(difference == nil, "\(file) record \(index): \(difference ?? "")")
        }
    }

    @Test func citmCatalogSavesAndReadsBackAsSent() throws {
        try saveAndReadBack(CitmCatalog.self, file: "citm_catalog.json", records: nil, count: 1) { db in
            try CitmCatalog.requestIncludingRelationships().fetchAll(db)
        }
    }

    @Test func canadaFeatureSavesAndReadsBackAsSent() throws {
        try saveAndReadBack(Feature.self, file: "canada.json", records: "features", count: 1) { db in
            try Feature.requestIncludingRelationships().fetchAll(db)
        }
    }
}
