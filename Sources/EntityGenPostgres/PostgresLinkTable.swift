/// The fixed SQL of one to-many relationship's link table in PostgreSQL (owner key, `position`, the map
/// `key` for `[String: Target]`, target key), built once per relationship (a `static let` in generated
/// code).
///
/// Per page part, after every entity table is merged: the stored links of each owner that sent the
/// relationship past those it sent now are deleted (a trigger deletes owned targets with their link), the
/// staged links of the owner's last occurrence in the page are upserted by owner and position (a link
/// already in place is left alone), and owned targets staged for an earlier occurrence (now linked by
/// nothing) are deleted. Owned rows (entities without identification attributes) are staged under a
/// local id, their position in the page; before the merge each is given the `_id` of the target the
/// stored link at its position holds (`slotsSQL`), so an unchanged element is an unchanged row, and the
/// upsert maps local ids to the `_id`s the rows got.
public final class PostgresLinkTable: Sendable {
    /// The owner's schema name, as reports show it.
    public let entity: String
    /// The link table's name.
    public let name: String
    /// The owner key columns.
    public let ownerColumns: [String]
    /// The target key columns.
    public let targetColumns: [String]
    /// Whether links carry a map key.
    public let isMap: Bool
    /// The owner's table when the owner is an owned row (the owner column holds its local id).
    public let ownerRows: PostgresTable?
    /// The target's table when targets are owned rows (the target column holds their local id).
    public let targetRows: PostgresTable?
    /// The staged links: the link table's columns and the owner occurrence's local id.
    let stagingName: String
    /// The staged links' columns, in COPY order.
    let stagingColumns: [String]
    /// The owners whose links the page replaces, with their occurrence's local id (identified owners).
    let ownersName: String
    /// The owners' columns, in COPY order.
    let ownersColumns: [String]
    /// `CREATE TEMP TABLE` of the staging tables.
    let createStagingSQL: [String]
    /// Deletes the stored links of the staged owners past their staged ones; returns one row, the count
    /// (of owned targets deleted with them, when targets are owned rows).
    let deleteLinksSQL: String
    /// When targets are owned rows and their staging table exists: `deleteLinksSQL` that also deletes a
    /// stored link whose target is not the staged one at its place (a concurrent importer linked another
    /// row there after this one found its slots), so the row it held goes with it instead of being
    /// left linked by nothing.
    let deleteChangedLinksSQL: String?
    /// When targets are owned rows: ``deleteLinksSQL`` and ``deleteChangedLinksSQL`` returning the owned
    /// targets deleted with the links, for an import that reports changes.
    let listedDeletes: (links: String, changedLinks: String)?
    /// Whether owners are identified (their occurrences staged in the owners table), not owned rows.
    var stagesOwners: Bool { ownerRows == nil }
    /// Upserts the staged links by owner and position, owned rows' local ids mapped to their `_id`.
    let insertSQL: String
    /// When targets are owned rows: gives each staged target the `_id` of the target the stored link at
    /// its owner and position holds (its slot); returns one row, the count of rows given a slot. For an
    /// owned owner, once the owner has its own `_id`.
    let slotsSQL: String?
    /// Deletes owned targets staged for an owner occurrence that a later one replaced.
    let removeSupersededSQL: String?
    /// For a to-many `reference:` relationship (elements name rows by identity, not constrained): the
    /// check of the links the transaction inserted (recorded by owner and position), at the end of the
    /// page; a link naming no target fails the page or is dropped.
    let referenceCheck: PostgresReferenceCheck?

    /// Creates the description and its SQL.
    public init(
        entity: String, name: String, ownerColumns: [String], targetColumns: [String], isMap: Bool,
        ownerRows: PostgresTable? = nil, targetRows: PostgresTable? = nil, reference: PostgresReference? = nil
    ) {
        self.entity = entity
        self.name = name
        self.ownerColumns = ownerColumns
        self.targetColumns = targetColumns
        self.isMap = isMap
        self.ownerRows = ownerRows
        self.targetRows = targetRows
        let id = PostgresSQL.identifier
        let table = id(name)
        stagingName = PostgresSQL.temporaryName("entitygen_stage", name)
        ownersName = PostgresSQL.temporaryName("entitygen_owners", name)
        let columns = ownerColumns + ["position"] + (isMap ? ["key"] : []) + targetColumns
        stagingColumns = columns + ["_owner"]
        ownersColumns = ownerColumns + ["_position"]
        let staging = id(stagingName)
        let owners = id(ownersName)
        let ownerList = ownerColumns.map(id).joined(separator: ", ")
        var create = ["CREATE TEMP TABLE \(staging) (LIKE \(table), \"_owner\" bigint NOT NULL) ON COMMIT DROP"]
        var joins: [String] = []
        var ownerValues = ownerColumns.map { "k.\(id($0))" }
        var targetValues = targetColumns.map { "k.\(id($0))" }
        let storedLink: String
        /// The delete of surplus links, with a join and a condition that keep only matching staged ones.
        let deleteLinks: ((join: String, condition: String)) -> String
        if let ownerRows {
            // An owned row occurs once; saved in a slot, it may have stored links.
            let ownerStaging = id(ownerRows.stagingName)
            joins.append("JOIN \(ownerStaging) AS o ON o.\"_position\" = k.\(id(ownerColumns[0]))")
            ownerValues = ["o.\"_id\""]
            let owner = id(ownerColumns[0])
            storedLink = "l.\(owner) = o.\"_id\" AND l.\"position\" = k.\"position\""
            deleteLinks = { extra in
                "DELETE FROM \(table) AS l USING \(ownerStaging) AS o WHERE l.\(owner) = o.\"_id\" AND NOT EXISTS (SELECT 1 FROM \(staging) AS k \(extra.join) WHERE k.\(owner) = o.\"_position\" AND k.\"position\" = l.\"position\"\(extra.condition))"
            }
        } else {
            create.append(
                "CREATE TEMP TABLE \(owners) ON COMMIT DROP AS SELECT \(ownerList), 0::bigint AS \"_position\" FROM \(table) WITH NO DATA"
            )
            let last =
                "(SELECT \(ownerList), max(\"_position\") AS \"_position\" FROM \(owners) GROUP BY \(ownerList)) AS o"
            let sameOwner = ownerColumns.map { "o.\(id($0)) = k.\(id($0))" } + ["o.\"_position\" = k.\"_owner\""]
            joins.append("JOIN \(last) ON \(sameOwner.joined(separator: " AND "))")
            let stored = ownerColumns.map { "l.\(id($0)) = o.\(id($0))" }.joined(separator: " AND ")
            let sameLink =
                ownerColumns.map { "k.\(id($0)) = l.\(id($0))" }.joined(separator: " AND ")
                + " AND k.\"position\" = l.\"position\" AND k.\"_owner\" = o.\"_position\""
            storedLink =
                ownerColumns.map { "l.\(id($0)) = k.\(id($0))" }.joined(separator: " AND ")
                + " AND l.\"position\" = k.\"position\""
            // Owners are locked already (their rows were merged in identity order), so these deletes do
            // not wait on another importer.
            deleteLinks = { extra in
                "DELETE FROM \(table) AS l USING \(last) WHERE \(stored) AND NOT EXISTS (SELECT 1 FROM \(staging) AS k \(extra.join) WHERE \(sameLink)\(extra.condition))"
            }
        }
        /// The delete returning one row, its count.
        func counting(_ delete: String) -> String { "WITH d AS (\(delete) RETURNING 1) SELECT count(*) FROM d" }
        /// The delete returning, per link, its owned target's identity (``PostgresTable/listing``).
        func listing(_ delete: String) -> String {
            "\(delete) RETURNING false, json_build_array(l.\(id(targetColumns[0])))::text"
        }
        let deleteChanged = targetRows.map {
            deleteLinks(
                (
                    "JOIN \(id($0.stagingName)) AS x ON x.\"_position\" = k.\(id(targetColumns[0]))",
                    " AND x.\"_id\" = l.\(id(targetColumns[0]))"
                ))
        }
        deleteLinksSQL = counting(deleteLinks(("", "")))
        deleteChangedLinksSQL = deleteChanged.map(counting)
        listedDeletes =
            targetRows == nil
            ? nil : (links: listing(deleteLinks(("", ""))), changedLinks: deleteChanged.map(listing) ?? "")
        if let targetRows {
            joins.append("JOIN \(id(targetRows.stagingName)) AS x ON x.\"_position\" = k.\(id(targetColumns[0]))")
            targetValues = ["x.\"_id\""]
        }
        if let targetRows {
            // Joined as above, before the target has its `_id`: the stored link at the same place.
            let ownerJoin = joins.dropLast().joined(separator: " ")
            slotsSQL =
                "WITH u AS (UPDATE \(id(targetRows.stagingName)) AS x SET \"_id\" = l.\(id(targetColumns[0])) FROM \(staging) AS k \(ownerJoin) JOIN \(table) AS l ON \(storedLink) WHERE x.\"_position\" = k.\(id(targetColumns[0])) AND x.\"_id\" IS NULL RETURNING 1) SELECT count(*) FROM u"
        } else {
            slotsSQL = nil
        }
        let values = ownerValues + ["k.\"position\""] + (isMap ? ["k.\"key\""] : []) + targetValues
        let replaced = (isMap ? ["key"] : []) + targetColumns
        let insert =
            "INSERT INTO \(table) (\(columns.map(id).joined(separator: ", "))) SELECT \(values.joined(separator: ", ")) FROM \(staging) AS k \(joins.joined(separator: " "))"
            + " ON CONFLICT (\((ownerColumns + ["position"]).map(id).joined(separator: ", "))) DO UPDATE SET "
            + replaced.map { "\(id($0)) = excluded.\(id($0))" }.joined(separator: ", ")
            + " WHERE ROW(\(replaced.map { "\(table).\(id($0))" }.joined(separator: ", "))) IS DISTINCT FROM ROW(\(replaced.map { "excluded.\(id($0))" }.joined(separator: ", ")))"
        if let reference {
            let checkedName = PostgresSQL.temporaryName("entitygen_check", name)
            let checked = id(checkedName)
            let keys = (ownerColumns + ["position"]).map(id).joined(separator: ", ")
            create.append(
                "CREATE TEMP TABLE \(checked) ON COMMIT DROP AS SELECT \(keys) FROM \(table) WITH NO DATA")
            insertSQL = "WITH inserted AS (\(insert) RETURNING \(keys)) INSERT INTO \(checked) SELECT * FROM inserted"
            referenceCheck = PostgresReferenceCheck(
                reference, table: name, rowKeys: ownerColumns + ["position"], checked: checkedName,
                described: ownerColumns + targetColumns, repair: .delete)
        } else {
            insertSQL = insert
            referenceCheck = nil
        }
        if let targetRows, ownerRows == nil {
            let target = id(targetColumns[0])
            removeSupersededSQL =
                "DELETE FROM \(id(targetRows.name)) AS t USING \(staging) AS k, \(id(targetRows.stagingName)) AS x WHERE x.\"_position\" = k.\(target) AND t.\"_id\" = x.\"_id\" AND NOT EXISTS (SELECT 1 FROM \(table) AS l WHERE l.\(target) = t.\"_id\")"
        } else {
            removeSupersededSQL = nil
        }
        createStagingSQL = create
    }
}
