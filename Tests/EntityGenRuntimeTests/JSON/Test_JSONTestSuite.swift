@testable import EntityGenRuntime
import Foundation
import Testing

/// RFC 8259 conformance on nst/JSONTestSuite (`Tests/Corpora/jsontestsuite`): every `y_` file is
/// accepted, every `n_` file rejected with an error, every `i_` file gets the answer documented in
/// ``implementationDefined``, and nothing crashes.
@Suite struct Test_JSONTestSuite {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Corpora/jsontestsuite/test_parsing")

    static let files: [String] =
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted())
        ?? []

    /// The reader's answer to each implementation-defined case (`true`: accepted). Documented in the
    /// README's "JSON reader" section.
    static let implementationDefined: [String: Bool] = [
        // Numbers: the grammar is valid, so the document is accepted; converting an out-of-range literal
        // to a Swift number is a mapping error (never a silently rounded or infinite value).
        "i_number_double_huge_neg_exp.json": true, "i_number_huge_exp.json": true,
        "i_number_neg_int_huge_exp.json": true, "i_number_pos_double_huge_exp.json": true,
        "i_number_real_neg_overflow.json": true, "i_number_real_pos_overflow.json": true,
        "i_number_real_underflow.json": true, "i_number_too_big_neg_int.json": true,
        "i_number_too_big_pos_int.json": true, "i_number_very_big_negative_int.json": true,
        // Strings: Swift strings hold Unicode scalars, so lone or misordered surrogates and invalid
        // UTF-8 are rejected rather than replaced (nothing is silently altered).
        "i_object_key_lone_2nd_surrogate.json": false, "i_string_1st_surrogate_but_2nd_missing.json": false,
        "i_string_1st_valid_surrogate_2nd_invalid.json": false, "i_string_UTF-16LE_with_BOM.json": false,
        "i_string_UTF-8_invalid_sequence.json": false, "i_string_UTF8_surrogate_U+D800.json": false,
        "i_string_incomplete_surrogate_and_escape_valid.json": false, "i_string_incomplete_surrogate_pair.json": false,
        "i_string_incomplete_surrogates_escape_valid.json": false, "i_string_invalid_lonely_surrogate.json": false,
        "i_string_invalid_surrogate.json": false, "i_string_invalid_utf-8.json": false,
        "i_string_inverted_surrogates_U+1D11E.json": false, "i_string_iso_latin_1.json": false,
        "i_string_lone_second_surrogate.json": false, "i_string_lone_utf8_continuation_byte.json": false,
        "i_string_not_in_unicode_range.json": false, "i_string_overlong_sequence_2_bytes.json": false,
        "i_string_overlong_sequence_6_bytes.json": false, "i_string_overlong_sequence_6_bytes_null.json": false,
        "i_string_truncated-utf-8.json": false, "i_string_utf16BE_no_BOM.json": false,
        "i_string_utf16LE_no_BOM.json": false,
        // Structure: 500 levels is within the default limit of 512; a UTF-8 byte order mark is skipped.
        "i_structure_500_nested_arrays.json": true, "i_structure_UTF-8_BOM_empty_object.json": true,
    ]

    @Test func corpusIsPresent() {
        #expect(Self.files.count >= 318, "JSONTestSuite not found at \(Self.folder.path)")
        #expect(Self.files.filter { $0.hasPrefix("i_") }.sorted() == Self.implementationDefined.keys.sorted())
    }

    @Test(arguments: files)
    func answersAsSpecified(file: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(file))
        let expected: Bool
        switch file.prefix(2) {
        case "y_": expected = true
        case "n_": expected = false
        default:
            guard let answer = Self.implementationDefined[file] else {
                Issue.record("no documented answer for \(file)")
                return
            }
            expected = answer
        }
        do {
            let document = try JSONDocument(data: data)
            #expect(expected, "\(file) was accepted")
            // Every accepted document can be walked and its scalars read without trapping.
            document.withRoot { Self.walk($0) }
        } catch {
            #expect(!expected, "\(file) was rejected: \(error)")
            #expect(error.byteOffset >= 0 && error.byteOffset <= data.count)
            #expect(error.line >= 1 && error.column >= 1 && error.path.hasPrefix("$"))
        }
    }

    static func walk(_ value: JSONValue) {
        switch value.kind {
        case .object: value.forEachMember { _, member in walk(member) }
        case .array: value.forEachElement { _, element in walk(element) }
        case .string: _ = value.string()
        case .number: _ = (value.int64(), value.uint64(), value.double(), value.decimal())
        default: _ = value.bool()
        }
    }
}
