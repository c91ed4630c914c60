import Testing

import EntityGenImport

@testable import _EntityGenCore

/// A feed's first page number is read once, as a number: generated code and the interpreter behind
/// `check` start from the same page, whichever way YAML writes the integer, and a number no `Int` holds is
/// a located lint error rather than generated code that does not compile.
@Suite struct Test_FeedTranslator {
    static func schema(firstPage: String) -> String {
        """
        entities:
          Pod:
            identifiedBy: name
            attributes:
              name: String
        feeds:
          Pods:
            entity: Pod
            items: result
            pagination: {pageCount: pages, firstPage: \(firstPage)}
        """
    }

    @Test func aHexadecimalFirstPageIsItsNumberEverywhere() throws {
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: "p.yaml", text: Self.schema(firstPage: "0x10"))], config: nil)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
        let schema = try #require(result.schema)
        let feed = try #require(schema.feeds.first)
        let plan = try #require(FeedTranslator.plan(feed, in: schema))
        guard case let .pageNumber(_, _, firstPage)? = plan.pagination else {
            Issue.record("expected page-number pagination")
            return
        }
        #expect(firstPage == 16)
    }

    /// `check --feed` reads the feed from the plan, which carries it with persistence off too (no config
    /// here): the interpreter pages from the same first page generated code would.
    @Test func theInterpreterReadsTheFeedFromThePlanWithPersistenceOff() throws {
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: "p.yaml", text: Self.schema(firstPage: "0x10"))], config: nil)
        let schema = try #require(result.schema)
        #expect(!GeneratorPipeline.translate(schema).persists)
        let feed = try #require(SchemaInterpreter(schema: schema) { $0 }.feed(named: "Pods"))
        #expect(feed.entity == "Pod")
        guard case let .pageNumber(pageCount, parameter, firstPage)? = feed.layout.pagination else {
            Issue.record("expected page-number pagination, got \(String(describing: feed.layout.pagination))")
            return
        }
        #expect(pageCount == ["pages"] && parameter == "page" && firstPage == 16)
        #expect(feed.layout.items == ["result"])
        #expect(SchemaInterpreter(schema: schema) { $0 }.feed(named: "Missing") == nil)
    }

    @Test func aFirstPagePastIntMaxIsALintError() {
        let result = GeneratorPipeline.validate(
            schemas: [SourceFile(path: "p.yaml", text: Self.schema(firstPage: "99999999999999999999999"))],
            config: nil)
        let messages = result.diagnostics.map(\.description)
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.hasPrefix("p.yaml:10:") == true && messages.first?.contains("[invalid-feed]") == true)
    }
}
