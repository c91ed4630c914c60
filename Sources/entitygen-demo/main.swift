import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB

// The README's quick start: the code generated from Schemas/ (by the build plugin) maps the sample
// feeds in Schemas/Samples and imports them into a SQLite file, printing each import's report.
//
//     swift run entitygen-demo [DATABASE]          (default: entitygen-demo.sqlite)
//
// `entitygen-demo import-pages DATABASE PAGE...` imports page files one transaction each, printing
// `committed N` after each (the crash-safety test kills it at random points).
//
// `entitygen-demo push-outbox DATABASE BASE_URL` sends the database's pending local edits (to-dos, memos
// and reminders) to the server at BASE_URL, printing the push report (the push crash test kills it).

let arguments = Array(CommandLine.arguments.dropFirst())
let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Schemas/Samples")

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("entitygen-demo: \(message)\n".utf8))
    exit(1)
}

do {
    if arguments.first == "import-pages" {
        guard arguments.count >= 2 else { fail("usage: entitygen-demo import-pages DATABASE PAGE...") }
        let pool = try EntityGenDatabase.openDatabase(atPath: arguments[1])
        let importer = FeedImporter(feed: EntityGenDatabase.podSpecs, writer: pool)
        for (index, page) in arguments.dropFirst(2).enumerated() {
            try importer.importPage(try Data(contentsOf: URL(fileURLWithPath: page)), page: page)
            FileHandle.standardOutput.write(Data("committed \(index + 1)\n".utf8))
        }
        exit(0)
    }
    if arguments.first == "push-outbox" {
        guard arguments.count == 3, let baseURL = URL(string: arguments[2]) else {
            fail("usage: entitygen-demo push-outbox DATABASE BASE_URL")
        }
        let pool = try EntityGenDatabase.openDatabase(atPath: arguments[1])
        let pusher = OutboxPusher(entities: [Todo.self, Memo.self, Reminder.self], writer: pool, baseURL: baseURL)
        print(try await pusher.push())
        exit(0)
    }
    guard arguments.count <= 1, arguments.first?.hasPrefix("-") != true else {
        fail("usage: entitygen-demo [DATABASE]")
    }
    let path = arguments.first ?? "entitygen-demo.sqlite"
    let pool = try EntityGenDatabase.openDatabase(atPath: path)
    func run<Entity: ImportableEntity>(_ feed: Feed<Entity>, _ sample: String) throws {
        let bytes = try Data(contentsOf: samples.appendingPathComponent(sample))
        let report = try FeedImporter(feed: feed, writer: pool).importPage(bytes, page: sample)
        print("== \(feed.name) <- Samples/\(sample)")
        print(report)
    }
    try run(EntityGenDatabase.podSpecs, "pods-page-0.json")
    try run(EntityGenDatabase.groupList, "remind-groups.json")
    try run(EntityGenDatabase.widgetDiff, "widgets-diff.json")
    let summary = try pool.read { db in
        (
            try Pod.Record.order(Pod.Columns.name, Pod.Columns.version).fetchAll(db).map { "\($0.name) \($0.version)" },
            try Group.requestIncludingRelationships().fetchAll(db).map {
                "\($0.name) (avatar: \($0.avatar?.fileUrlString ?? "none"))"
            }
        )
    }
    print("== \(path)")
    print("pods: " + summary.0.joined(separator: ", "))
    print("groups: " + summary.1.joined(separator: ", "))
} catch {
    fail("\(error)")
}
