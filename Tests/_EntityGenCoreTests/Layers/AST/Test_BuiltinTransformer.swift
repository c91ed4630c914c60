@testable import _EntityGenCore
import EntityGenRuntime
import Foundation
import Testing

/// The built-in transformer table is the one source: each descriptor's printed runtime value and the
/// value the interpreter instantiates are the same type, and the SchemaLanguage.md's transformer table documents
/// every transformer with the descriptor's type and default.
@Suite struct Test_BuiltinTransformer {
    /// The full type a runtime transformer value has (generic arguments and wrapped transformers included).
    static func fullType(_ transformer: RuntimeTransformer) -> String {
        var arguments = transformer.genericArgument.map { [Spelling.builtinType($0)] } ?? []
        for case let .transformer(inner) in transformer.arguments { arguments.append(fullType(inner)) }
        return "EntityGenRuntime.\(transformer.typeName)"
            + (arguments.isEmpty ? "" : "<\(arguments.joined(separator: ", "))>")
    }

    @Test(arguments: BuiltinTransformer.allCases)
    func printedAndInstantiatedTransformersAreTheSameType(transformer: BuiltinTransformer) {
        let descriptor = transformer.descriptor
        let types = BuiltinType.allCases.filter(descriptor.appliesTo)
        #expect(!types.isEmpty, "\(transformer) applies to no type")
        for type in types {
            let instance = descriptor.instantiate(type)
            #expect(
                String(reflecting: Swift.type(of: instance)) == Self.fullType(descriptor.runtime(type)),
                "\(transformer) on \(type)")
        }
    }

    @Test(arguments: BuiltinType.allCases)
    func plainTransformersArePrintedAsInstantiated(type: BuiltinType) {
        #expect(
            String(reflecting: Swift.type(of: type.instantiatePlainTransformer()))
                == Self.fullType(type.plainTransformer))
    }

    @Test func dateFormatIsPrintedAsInstantiatedAndKeptOnce() {
        let descriptor = BuiltinTransformerDescriptor.dateFormat("yyyy")
        #expect(
            String(reflecting: Swift.type(of: descriptor.instantiate(.date)))
                == Self.fullType(descriptor.runtime(.date)))
        #expect(descriptor.runtime(.date).allocates)
    }

    @Test(arguments: BuiltinTransformer.allCases)
    func readmeTableDocumentsTheDescriptor(transformer: BuiltinTransformer) throws {
        let readme = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent(
                "Sources/EntityGenRuntime/EntityGenRuntime.docc/SchemaLanguage.md"), encoding: .utf8)
        let row = try #require(
            readme.split(separator: "\n").first { $0.hasPrefix("| `") && $0.contains("`\(transformer.rawValue)`") },
            "SchemaLanguage.md's transformer table has no row for \(transformer.rawValue)")
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            cells.last == "`\(transformer.descriptor.documentedType)`"
                || cells.last == transformer.descriptor.documentedType, "row: \(row)")
        let defaultFor = BuiltinType.allCases.filter { $0.defaultTransformer == transformer }
        #expect(row.contains("(default for") == !defaultFor.isEmpty, "row: \(row)")
        for type in defaultFor { #expect(row.contains("(default for `\(type.rawValue)`)"), "row: \(row)") }
    }
}
