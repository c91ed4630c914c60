@testable import _EntityGenCore
import Testing

/// The key-path and record shapes of issue 15 at validation: plucks (`tags[].name`), attributes inside
/// an embedded object, optional to-many relationships and `single: either` feeds; each misuse a located
/// error at the key that is wrong.
@Suite struct Test_KeyPathShapes {
    static func diagnostics(_ yaml: String) -> [String] {
        GeneratorPipeline.validate(schemas: [SourceFile(path: "s.yaml", text: yaml)], config: nil).diagnostics
            .map(\.description)
    }

    @Test func plucksParseOnlyInTheirOneForm() {
        #expect(
            JSONKeyPath.parse("a.b[].c.d", allowsElement: true)
                == .success(JSONKeyPath(["a", "b"], element: ["c", "d"])))
        #expect(JSONKeyPath(["a", "b"], element: ["c"]).description == "a.b[].c")
        for text in ["a[]", "[].a", "a.[].b", "a[].b[].c", "a[0].b", "a[].", "a[]b"] {
            guard case .failure = JSONKeyPath.parse(text, allowsElement: true) else {
                Issue.record("'\(text)' should not parse")
                continue
            }
        }
        guard case .failure = JSONKeyPath.parse("a[].b") else {
            Issue.record("outside an attribute's key, brackets stay reserved")
            return
        }
    }

    @Test func aPluckNeedsAnArrayAndOnlyAttributesPluck() {
        let notArray = Self.diagnostics(
            "entities:\n  T:\n    attributes:\n      tags:\n        type: String\n        key: tags[].name\n")
        #expect(notArray.count == 1, "\(notArray)")
        #expect(notArray.first?.hasPrefix("s.yaml:6:14: error: ") == true, "\(notArray)")
        #expect(notArray.first?.hasSuffix("must be an array ('[String]'), not 'String' [invalid-key-path]") == true)
        let relationship = Self.diagnostics(
            "entities:\n  T:\n    relationships:\n      u:\n        to: U\n        key: 'us[].u'\n  U:\n    attributes: {n: String}\n"
        )
        #expect(relationship.count == 1 && relationship[0].hasPrefix("s.yaml:6:14: error:"), "\(relationship)")
        #expect(relationship.first?.contains("only for an attribute's key") == true)
        #expect(
            Self.diagnostics(
                "entities:\n  T:\n    attributes:\n      tags:\n        type: '[String]?'\n        key: tags[].name\n"
            ).isEmpty)
    }

    @Test func anAttributeMayReadInsideAnEmbeddedToOneOnly() {
        let base =
            "entities:\n  A:\n    identifiedBy: id\n    attributes: {id: Int64, name: String}\n  P:\n    attributes:\n"
        #expect(
            Self.diagnostics(
                base + "      authorId: {type: Int64?, key: author.id}\n    relationships:\n      author: A?\n"
            )
            .isEmpty)
        let twice = Self.diagnostics(
            base
                + "      authorId: {type: Int64?, key: author.id}\n      again: {type: Int64?, key: author.id}\n    relationships:\n      author: A?\n"
        )
        #expect(twice.count == 1 && twice[0].contains("is also mapped by 'authorId' [duplicate-json-key]"), "\(twice)")
        let toMany = Self.diagnostics(
            base + "      firstId: {type: Int64?, key: authors.id}\n    relationships:\n      authors: {to: '[A]'}\n")
        #expect(toMany.count == 1 && toMany[0].contains("[duplicate-json-key]"), "\(toMany)")
        let reference = Self.diagnostics(
            base
                + "      authorId: {type: Int64?, key: author.id}\n    relationships:\n      author: {to: A?, reference: true}\n"
        )
        #expect(reference.count == 1 && reference[0].contains("[duplicate-json-key]"), "\(reference)")
    }

    @Test func toManyRelationshipsMayBeOptional() throws {
        let result = GeneratorPipeline.validate(
            schemas: [
                SourceFile(
                    path: "s.yaml",
                    text:
                        "entities:\n  T:\n    relationships:\n      tags: '[U]?'\n      byName: '[String: U]?'\n  U:\n    attributes: {n: String}\n"
                )
            ], config: nil)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tags = try #require(result.schema?.entity(named: "T")?.relationships.first)
        #expect(tags.isToMany && tags.isOptional)
    }

    @Test func singleIsTrueFalseOrEither() {
        let feed =
            "entities:\n  T:\n    identifiedBy: n\n    attributes: {n: String}\nfeeds:\n  F:\n    entity: T\n    single: "
        #expect(Self.diagnostics(feed + "either\n").isEmpty)
        #expect(Self.diagnostics(feed + "false\n").isEmpty)
        let maybe = Self.diagnostics(feed + "maybe\n")
        #expect(
            maybe.count == 1
                && maybe[0]
                    == "s.yaml:8:13: error: 'single' must be true, false or either, not 'maybe' [invalid-value]",
            "\(maybe)")
        let paged = Self.diagnostics(feed + "either\n    pagination: {nextURL: next}\n")
        #expect(paged.count == 1 && paged[0].contains("may be a single record ('single: either')"), "\(paged)")
    }

    @Test func expandableIsForReferencesToOneConcreteEntity() {
        let base =
            "entities:\n  C:\n    identifiedBy: code\n    attributes: {code: String}\n  F:\n    abstract: true\n    discriminator: kind\n    identifiedBy: code\n    attributes: {code: String}\n  G:\n    extends: F\n  O:\n    relationships:\n"
        #expect(Self.diagnostics(base + "      c: {to: C?, reference: true, expandable: true}\n").isEmpty)
        #expect(Self.diagnostics(base + "      cs: {to: '[C]', reference: true, expandable: true}\n").isEmpty)
        let embedded = Self.diagnostics(base + "      c: {to: C?, expandable: true}\n")
        #expect(embedded.count == 1 && embedded[0].contains("'expandable' is for references"), "\(embedded)")
        #expect(embedded.first?.hasPrefix("s.yaml:14:31: error:") == true, "\(embedded)")
        let family = Self.diagnostics(base + "      f: {to: F?, reference: true, expandable: true}\n")
        #expect(family.count == 1 && family[0].contains("'F' is a family"), "\(family)")
    }
}
