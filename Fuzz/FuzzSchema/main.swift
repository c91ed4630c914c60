import _EntityGenCore

/// The YAML loader and the validator (as `entitygen lint` runs them) on an arbitrary schema file, with a
/// project config asking for persistence: diagnostics or a resolved schema, never a crash; every
/// diagnostic is located in the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let result = GeneratorPipeline.validate(
        schemas: [SourceFile(path: "Fuzzed.yaml", text: text)],
        config: SourceFile(path: "entitygen-config.yaml", text: "outputs: [models, mappers, persistence]\n"),
        for: .lint)
    for diagnostic in result.diagnostics {
        precondition(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "unlocated: \(diagnostic)")
    }
    return 0
}
