/// Prints how `save(in:)` saves a to-one (or polymorphic to-many) target before the owner's row, the
/// same for every backend but for whether saving throws (SQLite's `ImportSession` does, PostgreSQL's
/// `PostgresSession` only stages). Owned targets, whose row id the owner stores, are SQLite's alone.
enum EmbeddedSaveRenderer {
    /// The statement saving `save`'s target; `tryKeyword` is `"try "` when saving throws, `""` otherwise.
    static func statement(_ save: TablePlan.EmbeddedSave, tryKeyword: String) -> String {
        let property = "self.\(save.identifier)"
        if save.isExpandable {
            return
                "if case let .expanded(_target)\(save.isOptional ? "?" : "") = \(property) { \(tryKeyword)_target.save(in: &session) }"
        }
        if save.isCollection {
            let collection = save.isOptionalCollection ? "(\(property) ?? \(save.isMap ? "[:]" : "[]"))" : property
            let loop = save.isMap ? "for _element in \(collection).values" : "for _element in \(collection)"
            return "\(loop) { \(tryKeyword)_element.save(in: &session) }"
        }
        return save.isOptional
            ? "if let _target = \(property) { \(tryKeyword)_target.save(in: &session) }"
            : "\(tryKeyword)\(property).save(in: &session)"
    }
}
