@testable import _EntityGenCore
import Foundation
import Testing

/// `reference: true` (documented) and `reference: <the identity attribute>` mean the same thing, so with
/// persistence on they generate the same code, and that code compiles (issue 16, item 3: `reference: true`
/// was embedded by the persistence translator and did not compile).
@Suite struct Test_PersistenceTranslator {
    static func schema(reference: String) -> String {
        """
        entities:
          Thing:
            identifiedBy: id
            attributes:
              id: Int64
              name: String
          Holder:
            identifiedBy: id
            attributes:
              id: Int64
            relationships:
              thing:
                to: Thing?
                reference: \(reference)
              things:
                to: "[Thing]"
                reference: \(reference)

        """
    }

    static func generate(reference: String) throws -> [GeneratedFile] {
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: "Things.yaml", text: schema(reference: reference))],
            config: SourceFile(path: "entitygen-config.yaml", text: "outputs: [models, mappers, persistence]\n"))
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning }, "\(result.diagnostics)")
        let shown: @Sendable (String) -> String = { $0 }
        return try #require(result.sourceGenerator(displayPath: shown)).machineFiles()
    }

    @Test func referenceTrueIsTheIdentityReferenceAndCompiles() throws {
        let byTrue = try Self.generate(reference: "true")
        let byName = try Self.generate(reference: "id")
        #expect(byTrue == byName)

        let compiled = try SwiftCompiler.typecheck(generated: byTrue)
        #expect(compiled.status == 0, "\(compiled.errors.prefix(5))")
        #expect(compiled.warnings.isEmpty, "\(compiled.warnings.prefix(5))")
    }
}
