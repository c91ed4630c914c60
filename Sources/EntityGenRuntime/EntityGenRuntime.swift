/// The mapping runtime that generated code imports. It has no dependencies beyond the standard library
/// and Foundation, so users who only want models and mappers link nothing else.
///
/// The JSON reader, transformers and failure-policy support arrive with the runtime issue; generated
/// files reference ``EntityGenRuntimeVersion`` so that a generator/runtime mismatch fails at compile time.
public enum EntityGenRuntimeVersion {
    /// The runtime's format version; generated code checks it.
    public static let v1 = 1
}

/// Generated files reference this type (`private typealias _EntityGenRuntimeVersionCheck =
/// EntityGenRuntime.EntityGenRuntimeFormat1`), so code generated for another runtime format fails to
/// compile with a message naming the missing format instead of misbehaving at run time.
public enum EntityGenRuntimeFormat1 {}
