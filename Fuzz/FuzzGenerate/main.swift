import _EntityGenCore

/// `entitygen generate` on an arbitrary schema file: a schema lint accepts is translated and rendered
/// (models, mappers, persistence, migrations), never crashing, and rendering twice gives the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGenerate(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let result = GeneratorPipeline.validate(
        schemas: [SourceFile(path: "Fuzzed.yaml", text: text)],
        config: SourceFile(path: "entitygen-config.yaml", text: "outputs: [models, mappers, persistence]\n"))
    guard let generator = result.sourceGenerator(displayPath: { $0 }) else { return 0 }
    let first = generator.machineFiles() + generator.humanFiles()
    let second = generator.machineFiles() + generator.humanFiles()
    precondition(first == second, "rendering is not deterministic")
    return 0
}
