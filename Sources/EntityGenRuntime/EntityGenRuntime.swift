/// The mapping runtime that generated code imports. It has no dependencies beyond the standard library
/// and Foundation, so users who only want models and mappers link nothing else.
///
/// Generated files reference an `EntityGenRuntimeFormat<n>` type, so that a generator/runtime mismatch
/// fails at compile time.
public enum EntityGenRuntimeVersion {
    /// Format 1.
    public static let v1 = 1
    /// Format 2: added ``IndirectCollection``.
    public static let v2 = 2
    /// Format 3: added the direct entry points (``MappingContext/string(_:_:schema:default:)``,
    /// ``JSONWriter/string(_:forKey:)`` and their kin) and a memberwise `Hashable` protocol.
    public static let v3 = 3
    /// Format 4: models synthesize `Hashable` (the memberwise protocol is gone, with the underscored
    /// members it put on every model), and ``AbsentFields`` is `Hashable` with every mask equal, so that
    /// import bookkeeping never takes part in a model's equality.
    public static let v4 = 4
    /// Format 5: the absent keys leave the model. A generated `map` records them through its
    /// context (``MappingContext/recordAbsent(_:)``, ``MappingContext/enterRelationship(_:)``) into an
    /// ``AbsentTree`` the importer keeps beside the model, and ``AbsentFields`` compares by value.
    public static let v5 = 5
    /// Format 6, the newest: a generated `map` reads its fields through ``FieldReads`` (one `try` at the
    /// end instead of one per field), which also records the absent keys it reads.
    public static let v6 = 6
}

/// Generated files reference this type (`private typealias _EntityGenRuntimeVersionCheck =
/// EntityGenRuntime.EntityGenRuntimeFormat6`), so code generated for another runtime format fails to
/// compile with a message naming the missing format instead of misbehaving at run time: regenerate it.
public enum EntityGenRuntimeFormat6 {}
