import EntityGenPersistence
import EntityGenRuntime
import Foundation
import GRDB

/// The hand-written reference for the seed's `Pod` (15 attributes, a composite identity, an owned
/// to-many relationship): what a careful hand-writer writes, on EntityGen's runtimes, for the behaviour
/// and API that `Schemas/Pod.yaml` generates for `Pod`. That is the model; mapping with located errors,
/// constraints, fallback keys, dropped values, defaults and skipped elements; absent keys kept on
/// update; JSON written back with nested objects; `Codable`; a graph request and a GRDB `Record`
/// (`Columns`, `init(row:)`, `encode(to:)`, the `subspecs` association); the importer's store, which
/// reuses and trims its owned subspecs; and the tables' migration. It shares the generated `Subspec`.
/// `Test_HandWrittenReference` shows the two behave the same; `entitygen-bench generate` counts both.
struct HandWrittenPod: Sendable, Hashable, Codable {
    var name: String
    var version: String
    var summary: String?
    var details: String?
    var homepage: URL?
    var socialMediaUrl: URL?
    var licenseType: String?
    var licenseFile: String?
    var authors: PodAuthors?
    var sourceGit: URL?
    var sourceTag: String?
    var requiresArc = true
    var platforms: [String: String] = [:]
    var sourceFiles: PodPaths?
    var subspecs: [Subspec] = []
}

extension HandWrittenPod {
    init(from decoder: any Decoder) throws { self = try JSONMappableCoding.decode(from: decoder) }
    func encode(to encoder: any Encoder) throws { try JSONMappableCoding.encode(self, to: encoder) }

    /// The attributes' names.
    enum Attributes {
        static let name = "name"
        static let version = "version"
        static let summary = "summary"
        static let details = "details"
        static let homepage = "homepage"
        static let socialMediaUrl = "socialMediaUrl"
        static let licenseType = "licenseType"
        static let licenseFile = "licenseFile"
        static let authors = "authors"
        static let sourceGit = "sourceGit"
        static let sourceTag = "sourceTag"
        static let requiresArc = "requiresArc"
        static let platforms = "platforms"
        static let sourceFiles = "sourceFiles"
    }

    /// The relationships' names.
    enum Relationships {
        static let subspecs = "subspecs"
    }
}

extension HandWrittenPod: JSONMappable {
    private static let nameField = MappingField("name", schema: "name", constraints: [.minLength(1)])
    private static let versionField = MappingField(
        "version", schema: "version", constraints: [.pattern(JSONPattern("[0-9A-Za-z.+-]+"))])
    private static let fields = [
        MappingField("summary", schema: "summary"), MappingField("description", schema: "details"),
        MappingField("homepage", schema: "homepage", onFailure: .drop),
        MappingField("social_media_url", schema: "socialMediaUrl", onFailure: .drop),
        MappingField(paths: [["license", "type"], ["license"]], schema: "licenseType"),
        MappingField(paths: [["license", "file"]], schema: "licenseFile"), MappingField("authors", schema: "authors"),
        MappingField(paths: [["source", "git"]], schema: "sourceGit", onFailure: .drop),
        MappingField(paths: [["source", "tag"]], schema: "sourceTag"),
        MappingField("requires_arc", schema: "requiresArc"),
        MappingField("platforms", schema: "platforms"), MappingField("source_files", schema: "sourceFiles"),
        MappingField("subspecs", schema: "subspecs"),
    ]
    fileprivate static let platformsTransformer = MapTransformer(
        StringTransformer(), skipsInvalidElements: true, schemaLocation: "platforms")

    static func map(from json: JSONValue, context: inout MappingContext) throws(MappingError) -> HandWrittenPod {
        try context.expectObject(json, entity: "HandWrittenPod", schema: "HandWrittenPod")
        var absent = AbsentFields()
        func optional<T: JSONTransformer>(_ bit: Int, _ transformer: T) throws(MappingError) -> T.Value? {
            let value = try context.optional(json, fields[bit], transformer)
            if value == nil, context.isAbsent(json, fields[bit]) { absent.insert(bit) }
            return value
        }
        var pod = HandWrittenPod(
            name: try context.required(json, nameField, StringTransformer()),
            version: try context.required(json, versionField, StringTransformer()),
            summary: try optional(0, StringTransformer()), details: try optional(1, StringTransformer()),
            homepage: try optional(2, URLTransformer()), socialMediaUrl: try optional(3, URLTransformer()),
            licenseType: try optional(4, StringTransformer()), licenseFile: try optional(5, StringTransformer()),
            authors: try optional(6, AuthorList()), sourceGit: try optional(7, URLTransformer()),
            sourceTag: try optional(8, StringTransformer()))
        pod.requiresArc = try context.required(json, fields[9], BoolFromStringTransformer(), default: true)
        if context.isAbsent(json, fields[9]) { absent.insert(9) }
        pod.platforms = try context.required(json, fields[10], platformsTransformer, default: [:])
        if context.isAbsent(json, fields[10]) { absent.insert(10) }
        pod.sourceFiles = try optional(11, PathList())
        context.enterRelationship(14)
        let subspecs = ArrayTransformer(
            EntityTransformer<Subspec>(), skipsInvalidElements: true, schemaLocation: "subspecs")
        pod.subspecs = try context.optional(json, fields[12], subspecs) ?? []
        if context.isAbsent(json, fields[12]) { absent.insert(12) }
        context.recordAbsent(absent)
        return pod
    }

    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.string(name, forKey: "name")
        writer.string(version, forKey: "version")
        writer.optionalString(summary, forKey: "summary")
        writer.optionalString(details, forKey: "description")
        writer.optionalURL(homepage, forKey: "homepage")
        writer.optionalURL(socialMediaUrl, forKey: "social_media_url")
        if licenseType != nil || licenseFile != nil {
            writer.key("license")
            writer.beginObject()
            writer.optionalString(licenseType, forKey: "type")
            writer.optionalString(licenseFile, forKey: "file")
            writer.endObject()
        }
        if let authors {
            writer.key("authors")
            AuthorList().encode(authors, to: &writer)
        }
        if sourceGit != nil || sourceTag != nil {
            writer.key("source")
            writer.beginObject()
            writer.optionalURL(sourceGit, forKey: "git")
            writer.optionalString(sourceTag, forKey: "tag")
            writer.endObject()
        }
        writer.key("requires_arc")
        BoolFromStringTransformer().encode(requiresArc, to: &writer)
        writer.key("platforms")
        Self.platformsTransformer.encode(platforms, to: &writer)
        if let sourceFiles {
            writer.key("source_files")
            PathList().encode(sourceFiles, to: &writer)
        }
        writer.entities(subspecs, forKey: "subspecs")
        writer.endObject()
    }
}

extension HandWrittenPod: PersistableEntity {
    typealias Columns = Record.Columns

    static func requestIncludingRelationships() -> QueryInterfaceRequest<HandWrittenPod> {
        Record.all().including(all: Record.subspecs).asRequest(of: HandWrittenPod.self)
    }

    init(row: Row) throws {
        let record = try Record(row: row)
        self.init(
            name: record.name, version: record.version, summary: record.summary, details: record.details,
            homepage: record.homepage, socialMediaUrl: record.socialMediaUrl, licenseType: record.licenseType,
            licenseFile: record.licenseFile, authors: record.authors, sourceGit: record.sourceGit,
            sourceTag: record.sourceTag, requiresArc: record.requiresArc, platforms: record.platforms,
            sourceFiles: record.sourceFiles, subspecs: try row.prefetched("subspecs"))
    }

    enum SQLite: EntityStore {
        static let table = EntityTable(
            entity: "HandWrittenPod", name: "handWrittenPod",
            columns: [
                "name", "version", "summary", "details", "homepage", "socialMediaUrl", "licenseType", "licenseFile",
                "authors", "sourceGit", "sourceTag", "requiresArc", "platforms", "sourceFiles",
            ], identity: ["name", "version"],
            absentBits: [
                "summary": 0, "details": 1, "homepage": 2, "socialMediaUrl": 3, "licenseType": 4, "licenseFile": 5,
                "authors": 6, "sourceGit": 7, "sourceTag": 8, "requiresArc": 9, "platforms": 10, "sourceFiles": 11,
            ])
        static let links = LinkTable(
            name: "handWrittenPod_subspecs", ownerColumns: ["ownerName", "ownerVersion"], targetColumns: ["target"],
            isMap: false, ownedTargetEntity: "Subspec")
        static var tables: [EntityTable] { [table] }

        static func save(_ pod: HandWrittenPod, absent: AbsentTree, in session: inout ImportSession) throws -> Int64 {
            let row = try session.prepare(table, absent: absent.fields)
            row.bind(pod.name, at: 1)
            row.bind(pod.version, at: 2)
            row.bind(pod.summary, at: 3)
            row.bind(pod.details, at: 4)
            row.bind(pod.homepage, at: 5)
            row.bind(pod.socialMediaUrl, at: 6)
            row.bind(pod.licenseType, at: 7)
            row.bind(pod.licenseFile, at: 8)
            row.bind(pod.authors, json: AuthorList(), at: 9)
            row.bind(pod.sourceGit, at: 10)
            row.bind(pod.sourceTag, at: 11)
            row.bind(pod.requiresArc, at: 12)
            row.bind(pod.platforms, json: platformsTransformer, at: 13)
            row.bind(pod.sourceFiles, json: PathList(), at: 14)
            let rowID = try session.save(row)
            guard !absent.fields.contains(12) else { return rowID }
            let (insert, delete) = try session.linkStatements(links)
            let slots = try session.linkedTargets(links, owner: [pod.name.databaseValue, pod.version.databaseValue])
            for (position, subspec) in pod.subspecs.enumerated() {
                let target = try Subspec.SQLite.save(
                    subspec, absent: absent.child(14, position), in: &session,
                    slot: position < slots.count ? slots[position] : nil)
                pod.name.bindValue(to: insert, at: 1)
                pod.version.bindValue(to: insert, at: 2)
                Int64(position).bindValue(to: insert, at: 3)
                target.bindValue(to: insert, at: 4)
                try session.execute(insert)
            }
            pod.name.bindValue(to: delete, at: 1)
            pod.version.bindValue(to: delete, at: 2)
            Int64(pod.subspecs.count).bindValue(to: delete, at: 3)
            try session.trimLinks(links, delete)
            return rowID
        }

        static func rowKey(from json: JSONValue, context: inout MappingContext) throws(MappingError) -> RowKey {
            try context.expectObject(json, entity: "HandWrittenPod", schema: "HandWrittenPod")
            let name = try context.required(json, nameField, StringTransformer())
            return RowKey(table, [name, try context.required(json, versionField, StringTransformer())])
        }

        static func rowKey(of pod: HandWrittenPod) -> RowKey? { RowKey(table, [pod.name, pod.version]) }
    }

    /// One row of the `handWrittenPod` table, for plain GRDB requests and local edits.
    struct Record: Sendable, Hashable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "handWrittenPod"

        enum Columns {
            static let name = Column("name")
            static let version = Column("version")
            static let summary = Column("summary")
            static let details = Column("details")
            static let homepage = Column("homepage")
            static let socialMediaUrl = Column("socialMediaUrl")
            static let licenseType = Column("licenseType")
            static let licenseFile = Column("licenseFile")
            static let authors = Column("authors")
            static let sourceGit = Column("sourceGit")
            static let sourceTag = Column("sourceTag")
            static let requiresArc = Column("requiresArc")
            static let platforms = Column("platforms")
            static let sourceFiles = Column("sourceFiles")
        }

        var name: String
        var version: String
        var summary: String?
        var details: String?
        var homepage: URL?
        var socialMediaUrl: URL?
        var licenseType: String?
        var licenseFile: String?
        var authors: PodAuthors?
        var sourceGit: URL?
        var sourceTag: String?
        var requiresArc: Bool
        var platforms: [String: String]
        var sourceFiles: PodPaths?

        enum SubspecsLink {
            static let table = Table<Row>("handWrittenPod_subspecs")
            static let target = table.belongsTo(Subspec.Record.self, key: "target", using: ForeignKey(["target"]))
        }

        static let subspecs = hasMany(
            Subspec.Record.self,
            through: hasMany(SubspecsLink.table, using: ForeignKey(["ownerName", "ownerVersion"])).order(
                Column("position")),
            using: SubspecsLink.target, key: "subspecs")

        func encode(to container: inout PersistenceContainer) throws {
            container["name"] = name
            container["version"] = version
            container["summary"] = summary
            container["details"] = details
            container["homepage"] = homepage
            container["socialMediaUrl"] = socialMediaUrl
            container["licenseType"] = licenseType
            container["licenseFile"] = licenseFile
            container.setOptionalJSONColumn("authors", authors, AuthorList())
            container["sourceGit"] = sourceGit
            container["sourceTag"] = sourceTag
            container["requiresArc"] = requiresArc
            container.setJSONColumn("platforms", platforms, platformsTransformer)
            container.setOptionalJSONColumn("sourceFiles", sourceFiles, PathList())
        }
    }

    static func registerMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("handWrittenPod") { db in
            try db.create(table: "handWrittenPod") { t in
                t.column("name", .text).notNull()
                t.column("version", .text).notNull()
                t.column("summary", .text)
                t.column("details", .text)
                t.column("homepage", .text)
                t.column("socialMediaUrl", .text)
                t.column("licenseType", .text)
                t.column("licenseFile", .text)
                t.column("authors", .text)
                t.column("sourceGit", .text)
                t.column("sourceTag", .text)
                t.column("requiresArc", .integer).notNull()
                t.column("platforms", .text).notNull()
                t.column("sourceFiles", .text)
                t.primaryKey(["name", "version"])
            }
            try db.create(table: "handWrittenPod_subspecs", options: .withoutRowID) { t in
                t.column("ownerName", .text).notNull()
                t.column("ownerVersion", .text).notNull()
                t.column("position", .integer).notNull()
                t.column("target", .integer).notNull().indexed()
                t.primaryKey(["ownerName", "ownerVersion", "position"])
                t.foreignKey(
                    ["ownerName", "ownerVersion"], references: "handWrittenPod", onDelete: .cascade, onUpdate: .cascade)
                t.foreignKey(["target"], references: "subspec", onDelete: .cascade, onUpdate: .cascade, deferred: true)
            }
            try db.execute(
                sql: """
                    CREATE TRIGGER handWrittenPod_subspecs_unlinked AFTER DELETE ON handWrittenPod_subspecs
                    BEGIN DELETE FROM subspec WHERE _id = OLD.target; END
                    """)
        }
    }
}

extension HandWrittenPod.Record {
    init(row: Row) throws {
        name = try row.column("name", at: 0)
        version = try row.column("version", at: 1)
        summary = try row.column("summary", at: 2)
        details = try row.column("details", at: 3)
        homepage = try row.column("homepage", at: 4)
        socialMediaUrl = try row.column("socialMediaUrl", at: 5)
        licenseType = try row.column("licenseType", at: 6)
        licenseFile = try row.column("licenseFile", at: 7)
        authors = try row.optionalJSONColumn("authors", at: 8, AuthorList())
        sourceGit = try row.column("sourceGit", at: 9)
        sourceTag = try row.column("sourceTag", at: 10)
        requiresArc = try row.column("requiresArc", at: 11)
        platforms = try row.jsonColumn("platforms", at: 12, HandWrittenPod.platformsTransformer)
        sourceFiles = try row.optionalJSONColumn("sourceFiles", at: 13, PathList())
    }
}
