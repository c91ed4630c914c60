/// The mapping runtime that generated code imports. It has no dependencies beyond the standard library
/// and Foundation, so users who only want models and mappers link nothing else.
///
/// Generated files reference an `EntityGenRuntimeFormat<n>` type, so that a generator/runtime mismatch
/// fails at compile time.
public enum EntityGenRuntimeVersion {
    /// Format 1.
    public static let v1 = 1
    /// Format 2, the newest: added ``IndirectCollection``.
    public static let v2 = 2
}

/// Code generated for format 1 references this type (`private typealias _EntityGenRuntimeVersionCheck =
/// EntityGenRuntime.EntityGenRuntimeFormat1`). This runtime still compiles it: format 2 only added API.
public enum EntityGenRuntimeFormat1 {}

/// Generated files reference this type (`private typealias _EntityGenRuntimeVersionCheck =
/// EntityGenRuntime.EntityGenRuntimeFormat2`), so code generated for another runtime format fails to
/// compile with a message naming the missing format instead of misbehaving at run time.
public enum EntityGenRuntimeFormat2 {}
