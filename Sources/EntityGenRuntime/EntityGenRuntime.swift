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
    /// Format 3, the newest: added the direct entry points (``MappingContext/string(_:_:schema:default:)``,
    /// ``JSONWriter/string(_:forKey:)`` and their kin) and ``MemberwiseHashable``.
    public static let v3 = 3
}

/// Code generated for format 1 references this type (`private typealias _EntityGenRuntimeVersionCheck =
/// EntityGenRuntime.EntityGenRuntimeFormat1`). This runtime still compiles it: formats 2 and 3 only added API.
public enum EntityGenRuntimeFormat1 {}

/// Code generated for format 2 references this type. This runtime still compiles it: format 3 only added
/// API.
public enum EntityGenRuntimeFormat2 {}

/// Generated files reference this type (`private typealias _EntityGenRuntimeVersionCheck =
/// EntityGenRuntime.EntityGenRuntimeFormat3`), so code generated for another runtime format fails to
/// compile with a message naming the missing format instead of misbehaving at run time.
public enum EntityGenRuntimeFormat3 {}
