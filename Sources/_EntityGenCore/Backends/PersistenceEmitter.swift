/// A storage backend's printing half: the persistence code of its runtime module, printed from the
/// neutral plans and the backend's own, which its ``StorageBackend`` decided and loaded it with.
protocol PersistenceEmitter: Sendable {
    /// Modules every machine file imports when persistence is on.
    var machineFileImports: [String] { get }
    /// The runtime format every machine file checks, as a private type alias (its name, and the runtime's
    /// type it aliases): code generated for another format of the backend's runtime fails to compile,
    /// naming the missing format, instead of misbehaving at run time.
    var formatCheck: (alias: String, type: String) { get }
    /// Modules the project-wide database file imports.
    var databaseFileImports: [String] { get }
    /// Makes a generated enum storable as a column value.
    func renderEnumStorage(_ plan: EnumPlan, spelling: Spelling, into printer: inout CodePrinter)
    /// An entity's record conformance: table, columns, row decoding, saving.
    func renderEntity(_ table: TablePlan, spelling: Spelling, into printer: inout CodePrinter)
    /// A family's conformance: saving and keys dispatched to the member's table.
    func renderFamily(_ family: FamilyPlan, spelling: Spelling, into printer: inout CodePrinter)
    /// The project-wide file's body: migrations, opening a database, feeds.
    func renderDatabase(_ plan: GenerationPlan, spelling: Spelling, into printer: inout CodePrinter)
}
