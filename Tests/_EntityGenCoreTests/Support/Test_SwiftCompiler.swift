import EntityGenTestSupport
import Foundation
import Testing

/// The type-check the generated-code suites rely on for "compiles with zero warnings" reports what the
/// compiler says about every file it is given, in one frontend process (`-wmo`): a check that could not
/// see a warning would let every such suite pass.
@Suite struct Test_SwiftCompiler {
    @Test func warningsAndErrorsOfEveryFileAreReported() throws {
        let folder = try TemporaryFolder.make("entitygen-swiftc")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clean = folder.appendingPathComponent("Clean.swift")
        let warns = folder.appendingPathComponent("Warns.swift")
        let fails = folder.appendingPathComponent("Fails.swift")
        try "func clean() -> Int { 1 }\n".write(to: clean, atomically: true, encoding: .utf8)
        try "func warns() -> Int { var x = clean(); return x }\n".write(to: warns, atomically: true, encoding: .utf8)
        try "func fails() -> Int { undefinedName }\n".write(to: fails, atomically: true, encoding: .utf8)

        let warning = try SwiftCompiler.typecheck([clean, warns])
        #expect(warning.status == 0, "\(warning.output)")
        #expect(warning.warnings.contains { $0.contains("Warns.swift:1:") && $0.contains("never mutated") })

        let error = try SwiftCompiler.typecheck([clean, warns, fails])
        #expect(error.status != 0)
        #expect(error.errors.contains { $0.contains("Fails.swift:1:") && $0.contains("undefinedName") })
    }
}
