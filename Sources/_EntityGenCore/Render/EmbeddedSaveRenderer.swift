/// Prints how a store's `save` saves a to-one (or polymorphic to-many) target before the owner's row,
/// the same for every backend but for the store's name and whether saving throws (SQLite's
/// `ImportSession` does, PostgreSQL's `PostgresSession` only stages). An owned target's save returns the
/// row id the owner's column stores (SQLite's rowid, PostgreSQL's local id in the page).
enum EmbeddedSaveRenderer {
    /// The statement saving `save`'s target through its `store` (`Target.SQLite`); `tryKeyword` is
    /// `"try "` when saving throws, `""` otherwise. `slot`, for an owned target, is the expression of the
    /// row id to save it in (SQLite).
    static func statement(
        _ save: TablePlan.EmbeddedSave, store: String, tryKeyword: String, slot: String? = nil
    ) -> String {
        let property = "\(Spelling.storedEntity).\(save.identifier)"
        let saving = "\(tryKeyword)\(save.targetType).\(store).save"
        // The target's absent keys, in the owner's tree (`absent`).
        let absent = "absent: absent.child(\(save.slot))"
        if let local = save.rowIDLocal, !save.isExpandable, !save.isCollection {
            // An owned target: the owner's column stores the row id its save returns.
            let arguments = slot.map { "\(absent), in: &session, slot: \($0)" } ?? "\(absent), in: &session"
            return save.isOptional
                ? "let \(local) = \(tryKeyword)\(property).map { \(saving)($0, \(arguments)) }"
                : "let \(local) = \(saving)(\(property), \(arguments))"
        }
        if save.isExpandable {
            return
                "if case let .expanded(_target)\(save.isOptional ? "?" : "") = \(property) { \(saving)(_target, \(absent), in: &session) }"
        }
        if save.isCollection {
            let collection = save.isOptionalCollection ? "(\(property) ?? \(save.isMap ? "[:]" : "[]"))" : property
            return save.isMap
                ? "for (_key, _element) in \(collection) { \(saving)(_element, absent: absent.child(\(save.slot), key: _key), in: &session) }"
                : "for (_position, _element) in \(collection).enumerated() { \(saving)(_element, absent: absent.child(\(save.slot), _position), in: &session) }"
        }
        return save.isOptional
            ? "if let _target = \(property) { \(saving)(_target, \(absent), in: &session) }"
            : "\(saving)(\(property), \(absent), in: &session)"
    }
}
