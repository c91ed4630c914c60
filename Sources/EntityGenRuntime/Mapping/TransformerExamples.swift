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

    /// How one example's round trip went: read, written, read back, written again.
    public enum RoundTrip<Value> {
        /// Read, written as `written`, read back and written the same; both values read.
        case stable(first: Value, second: Value, written: String)
        /// The example does not read.
        case unreadable(reason: String)
        /// What was written for it does not read back.
        case notReadBack(written: String, reason: String)
        /// The second writing differs from the first.
        case unstable(written: String, rewritten: String)
    }

    /// Reads `example`, writes the value, reads that again and writes it again: the one round trip behind
    /// both `check(_:examples:)` methods and `entitygen lint`'s `invalid-example` (through the interpreter's
    /// transformers).
    public static func roundTrip<T: JSONTransformer>(_ transformer: T, _ example: [UInt8]) -> RoundTrip<T.Value> {
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
        func write(_ value: T.Value) -> String {
            var writer = JSONWriter()
            transformer.encode(value, to: &writer)
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        let original = read(example)
        guard let first = original.value else { return .unreadable(reason: original.failure) }
        let written = write(first)
        let again = read(Array(written.utf8))
        guard let second = again.value else { return .notReadBack(written: written, reason: again.failure) }
        let rewritten = write(second)
        guard rewritten == written else { return .unstable(written: written, rewritten: rewritten) }
        return .stable(first: first, second: second, written: written)
    }

    /// Reads each example, writes the value, reads that again and writes it again: the example must
    /// read, what was written must read, and the second writing must equal the first.
    public static func check<T: JSONTransformer>(_ transformer: T, examples: [String]) -> [Problem] {
        examples.compactMap { example in
            problem(example, roundTrip(transformer, Array(example.utf8)))
        }
    }

    /// The same, and the value read back must equal the value first read (a `toJSON` that writes part of
    /// the value reads back something else).
    public static func check<T: JSONTransformer>(_ transformer: T, examples: [String]) -> [Problem]
    where T.Value: Equatable {
        examples.compactMap { example in
            let trip = roundTrip(transformer, Array(example.utf8))
            guard case let .stable(first, second, written) = trip else { return problem(example, trip) }
            guard first != second else { return nil }
            return Problem(
                example: example,
                message:
                    "written as \(written), which reads back a different value: toJSON leaves out part of what fromJSON read"
            )
        }
    }

    private static func problem<Value>(_ example: String, _ trip: RoundTrip<Value>) -> Problem? {
        switch trip {
        case .stable: return nil
        case let .unreadable(reason): return Problem(example: example, message: "does not read: \(reason)")
        case let .notReadBack(written, reason):
            return Problem(
                example: example,
                message:
                    "written as \(written), which does not read back (\(reason)): toJSON must write what fromJSON reads"
            )
        case let .unstable(written, rewritten):
            return Problem(
                example: example, message: "written as \(written), then as \(rewritten): the writing is not stable")
        }
    }
}
