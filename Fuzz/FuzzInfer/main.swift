import _EntityGenCore
import EntityGenRuntime

/// `entitygen infer` on an arbitrary sample: when the bytes hold records, the schema inferred from them is
/// lint clean with persistence on (no error), and maps each record it was inferred from with no issue.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInfer(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    var reader = SampleReader()
    reader.read(document: bytes, name: "sample.json")
    guard let schema = try? SchemaInference.infer(reader, name: "Record") else { return 0 }
    let yaml = InferredSchemaPrinter.yaml(schema)
    let result = GeneratorPipeline.validate(
        schemas: [SourceFile(path: schema.fileName, text: yaml)],
        config: SourceFile(path: "entitygen-config.yaml", text: "outputs: [models, mappers, persistence]\n"))
    let errors = result.diagnostics.filter { $0.severity == .error }
    precondition(errors.isEmpty, "inferred schema is not lint clean: \(errors.prefix(3))\n\(yaml)")
    guard let interpreter = result.interpreter(displayPath: { $0 }) else { return 0 }
    let entity = schema.entities[0].name
    var second = SampleReader()
    second.visitRecord = { record, _ in
        var context = MappingContext()
        do {
            _ = try interpreter.map(entity, from: record, context: &context)
        } catch {
            preconditionFailure("a record does not map with the schema inferred from it: \(error)\n\(yaml)")
        }
        precondition(context.issues.isEmpty, "a record maps with issues: \(context.issues.prefix(3))\n\(yaml)")
    }
    second.read(document: bytes, name: "sample.json")
    return 0
}
