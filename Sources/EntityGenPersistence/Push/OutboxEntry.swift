import EntityGenRuntime
import Foundation
import GRDB

/// What a pending local edit does on the server.
public enum OutboxOperation: String, Sendable, Hashable, CaseIterable {
    /// The row was created locally.
    case create
    /// The row was updated locally.
    case update
    /// The row was deleted locally.
    case delete
}

/// One pending local edit of one row: what ``OutboxPusher`` sends next for that row.
public struct OutboxEntry: Sendable, Hashable {
    /// Its place in the outbox: edits are sent in this order.
    public var sequence: Int64
    /// The entity's schema name.
    public var entity: String
    /// The row's identification values, in the order of ``PushRoutes/identity``.
    public var key: [IdentityValue]
    /// What the edit does.
    public var operation: OutboxOperation
    /// For an update, the top-level JSON keys it changed (`nil`: every key).
    public var changedKeys: [String]?
    /// Sent with every attempt of this edit, so that a server that already applied it can tell.
    public var idempotencyKey: String
    /// How many times a push picked it up: more than zero means the server may have applied it.
    public var attempts: Int
    /// Why the server refused it (a 4xx response), if it did: the edit stays, and the row's later edits
    /// wait, until ``Outbox/retryFailed(_:)`` or ``Outbox/discard(_:in:)``.
    public var failure: PushFailure?
    /// The key as the outbox stores it (SQLite's `quote()` of each value, comma-separated).
    var keyText: String
    /// The body the first attempt sent, which every retry sends again (`nil` before the first attempt,
    /// and for a delete).
    var payload: [UInt8]?

    /// Reads an entry from an outbox row.
    init(row: Row) throws {
        let sequence: Int64 = row["_id"]
        self.sequence = sequence
        entity = row["entity"]
        let keyText: String = row["key"]
        self.keyText = keyText
        guard let key = OutboxKey.decode(keyText) else {
            throw PushError.unreadableOutbox(sequence: sequence, reason: "key \(keyText)")
        }
        self.key = key
        let operationText: String = row["operation"]
        guard let operation = OutboxOperation(rawValue: operationText) else {
            throw PushError.unreadableOutbox(sequence: sequence, reason: "operation '\(operationText)'")
        }
        self.operation = operation
        changedKeys = try (row["changedKeys"] as String?).map { text in
            guard let keys = OutboxKey.decodeStrings(text) else {
                throw PushError.unreadableOutbox(sequence: sequence, reason: "changed keys \(text)")
            }
            return keys
        }
        idempotencyKey = row["idempotencyKey"]
        payload = (row["payload"] as Data?).map { Array($0) }
        attempts = row["attempts"]
        failure = (row["failedStatus"] as Int?).map { PushFailure(status: $0, message: row["failure"] ?? "") }
    }
}

/// A server's refusal of a pushed edit: its status and the start of its response body.
public struct PushFailure: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status (4xx).
    public var status: Int
    /// The response body as text, at most 1,000 characters.
    public var message: String

    /// Creates a failure.
    public init(status: Int, message: String) {
        self.status = status
        self.message = message
    }

    /// `HTTP 422: <message>`.
    public var description: String { "HTTP \(status): \(message)" }
}

/// The texts an outbox row keeps: a key as the capture triggers write it (SQLite's `quote()` of each
/// identification value, comma-separated: `42`, `'text'`, `X'00FF'`), and changed keys as a JSON array.
enum OutboxKey {
    /// The values of a key's text, or `nil` when it is not what the triggers write.
    static func decode(_ text: String) -> [IdentityValue]? {
        var values: [IdentityValue] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.hasPrefix("'") {
                var value = ""
                var index = rest.index(after: rest.startIndex)
                var closed = false
                while index < rest.endIndex {
                    if rest[index] == "'" {
                        let next = rest.index(after: index)
                        if next < rest.endIndex, rest[next] == "'" {
                            value.append("'")
                            index = rest.index(after: next)
                            continue
                        }
                        closed = true
                        index = next
                        break
                    }
                    value.append(rest[index])
                    index = rest.index(after: index)
                }
                guard closed else { return nil }
                values.append(.text(value))
                rest = rest[index...]
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                let literal = rest[..<end]
                if literal == "NULL" {
                    values.append(.null)
                } else if literal.hasPrefix("X'"), literal.hasSuffix("'") {
                    guard let bytes = hexBytes(literal.dropFirst(2).dropLast()) else { return nil }
                    values.append(.blob(bytes))
                } else if let integer = Int64(literal) {
                    values.append(.integer(integer))
                } else if let real = Double(literal) {
                    values.append(.real(real))
                } else {
                    return nil
                }
                rest = rest[end...]
            }
            if rest.hasPrefix(",") {
                rest = rest.dropFirst()
                guard !rest.isEmpty else { return nil }
            } else if !rest.isEmpty {
                return nil
            }
        }
        return values
    }

    /// The strings of a JSON array of strings (deduplicated and sorted unless `sorted` is `false`), or
    /// `nil` when the text is not one.
    static func decodeStrings(_ text: String, sorted: Bool = true) -> [String]? {
        guard let document = try? JSONDocument(bytes: Array(text.utf8)) else { return nil }
        return document.withRoot { root -> [String]? in
            guard root.kind == .array else { return nil }
            var strings: [String] = []
            var valid = true
            root.forEachElement { _, element in
                if let string = element.string() { strings.append(string) } else { valid = false }
            }
            guard valid else { return nil }
            return sorted ? Array(Set(strings)).sorted() : strings
        }
    }

    /// The bytes of hexadecimal digits, or `nil` when they are not pairs of digits.
    private static func hexBytes(_ digits: Substring) -> [UInt8]? {
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
