@testable import _EntityGenCore
import Foundation
import Testing

/// The build and command plugins cannot link the engine, so they keep their own list of backends: the
/// history file each records and the runtime module each needs. This test holds that list to
/// ``StorageBackendKind``, the one registration: a backend added there and not to the plugins (or the
/// reverse) fails here instead of in a user's build.
@Suite struct Test_PluginBackendList {
    private static func literal(_ name: String, in text: String) throws -> String {
        let start = try #require(text.range(of: "static let \(name) = ["), "no '\(name)' in the plugins' utilities")
        let end = try #require(text[start.upperBound...].firstIndex(of: "]"))
        return String(text[start.upperBound..<end])
    }

    private static func strings(in literal: String) -> [String] {
        literal.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func thePluginsKnowEveryBackendAndNoOther() throws {
        let text = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("Plugins/PluginsShared/PluginUtilities.swift"),
            encoding: .utf8)
        let histories = Self.strings(in: try Self.literal("migrationHistoryFileNames", in: text))
        #expect(histories == StorageBackendKind.allCases.map(\.historyFileName))
        // `["sqlite": "EntityGenPersistence", ...]`: names and modules alternate.
        let pairs = Self.strings(in: try Self.literal("persistenceModules", in: text))
        let modules = Dictionary(
            uniqueKeysWithValues: stride(from: 0, to: pairs.count - 1, by: 2).map { (pairs[$0], pairs[$0 + 1]) })
        #expect(
            modules
                == Dictionary(
                    uniqueKeysWithValues: StorageBackendKind.allCases.map { ($0.rawValue, $0.runtimeModule) }))
    }

    /// The other tools' files the plugins leave out of a target's schemas are the ones a folder search does.
    @Test func thePluginsLeaveOutTheFilesAFolderSearchDoes() throws {
        let text = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("Plugins/PluginsShared/PluginUtilities.swift"),
            encoding: .utf8)
        let start = try #require(text.range(of: "static let neighbourFileNames: Set<String> = ["))
        let end = try #require(text[start.upperBound...].firstIndex(of: "]"))
        #expect(Set(Self.strings(in: String(text[start.upperBound..<end]))) == SchemaInputs.neighbourFileNames)
    }
}
