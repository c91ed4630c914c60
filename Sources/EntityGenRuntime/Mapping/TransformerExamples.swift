/// Round-trips example JSON values through a transformer: what generated `checkExamples()` runs for a
/// custom transformer's `examples:`. The JSON a transformer writes is also what storage keeps and reads
/// back (a custom type is stored as JSON text), so `toJSON` must write everything `fromJSON` needs.
public enum TransformerExamples {
    /// One example that does not survive the round trip.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The example's JSON text.
        public var example: String
        /// What went wrong.
        public var message: String

        /// `example: message`.
        public var description: String { "\(example): \(message)" }
    }

    /// Reads each example, writes the value, reads that again and writes it again: the example must
    /// read, what was written must read, and the second writing must equal the first.
    public static func check<T: JSONTransformer>(_ transformer: T, examples: [String]) -> [Problem] {
        examples.compactMap { example in
            roundTrip(transformer, example).problem
        }
    }

    /// The same, and the value read back must equal the value first read (a `toJSON` that writes part of
    /// the value reads back something else).
    public static func check<T: JSONTransformer>(_ transformer: T, examples: [String]) -> [Problem]
    where T.Value: Equatable {
        examples.compactMap { example in
            let trip = roundTrip(transformer, example)
            if let problem = trip.problem { return problem }
            guard let first = trip.first, let second = trip.second, first != second else { return nil }
            return Problem(
                example: example,
                message:
                    "written as \(trip.written), which reads back a different value: toJSON leaves out part of what fromJSON read"
            )
        }
    }

    private static func roundTrip<T: JSONTransformer>(
        _ transformer: T, _ example: String
    ) -> (problem: Problem?, first: T.Value?, second: T.Value?, written: String) {
        /// The value read, or why it could not be.
        func read(_ bytes: [UInt8]) -> (value: T.Value?, failure: String) {
            do {
                let document = try JSONDocument(bytes: bytes)
                return document.withRoot { root -> (value: T.Value?, failure: String) in
                    var context = MappingContext()
                    do throws(TransformFailure) {
                        return (try transformer.decode(root, context: &context), "")
                    } catch {
                        return (nil, error.nested?.message ?? error.message)
                    }
                }
            } catch {
                return (nil, "not JSON: \(error.message)")
            }
        }
        func write(_ value: T.Value) -> [UInt8] {
            var writer = JSONWriter()
            transformer.encode(value, to: &writer)
            return writer.bytes
        }
        let original = read(Array(example.utf8))
        guard let first = original.value else {
            return (Problem(example: example, message: "does not read: \(original.failure)"), nil, nil, "")
        }
        let written = write(first)
        let text = String(decoding: written, as: UTF8.self)
        let again = read(written)
        guard let second = again.value else {
            return (
                Problem(
                    example: example,
                    message:
                        "written as \(text), which does not read back (\(again.failure)): toJSON must write what fromJSON reads"
                ),
                first, nil, text
            )
        }
        let rewritten = String(decoding: write(second), as: UTF8.self)
        guard rewritten == text else {
            return (
                Problem(
                    example: example, message: "written as \(text), then as \(rewritten): the writing is not stable"),
                first, second, text
            )
        }
        return (nil, first, second, text)
    }
}
