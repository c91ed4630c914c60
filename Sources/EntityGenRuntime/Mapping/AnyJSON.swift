/// Any JSON value, kept exactly: what the schema type `AnyJSON` holds, for a member whose values have no
/// single shape (a podspec's `license` is text in some files and `{"type": ..., "file": ...}` in others).
///
/// Lossless by construction: numbers keep their literal text and objects their members in document
/// order (a repeated key included), so writing a value gives back what was read, byte for byte up to
/// whitespace and string escapes. Equality is JSON's: objects compare as unordered members (a
/// database that reorders them, like PostgreSQL's `jsonb`, reads back an equal value) and numbers by
/// value (`1.50 == 1.5`, `1e2 == 100`).
public enum AnyJSON: Hashable, Sendable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its literal text (`-1.50e3`).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([AnyJSON])
    /// An object: its members in document order.
    case object([Member])

    /// One member of an object.
    public struct Member: Sendable {
        /// The key.
        public var key: String
        /// The value.
        public var value: AnyJSON

        /// A member.
        public init(key: String, value: AnyJSON) {
            self.key = key
            self.value = value
        }
    }

    /// Reads any JSON value (the reader has already checked it).
    public init(_ value: JSONValue) {
        switch value.kind {
        case .null: self = .null
        case .false: self = .bool(false)
        case .true: self = .bool(true)
        case .number: self = .number(value.numberLiteral() ?? "0")
        case .string: self = .string(value.string() ?? "")
        case .array:
            var elements: [AnyJSON] = []
            elements.reserveCapacity(value.count)
            value.forEachElement { _, element in elements.append(AnyJSON(element)) }
            self = .array(elements)
        case .object:
            var members: [Member] = []
            members.reserveCapacity(value.count)
            value.forEachMember { key, member in members.append(Member(key: key, value: AnyJSON(member))) }
            self = .object(members)
        }
    }

    /// Writes the value as read.
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case let .bool(flag): writer.bool(flag)
        case let .number(literal): writer.raw(literal.utf8)
        case let .string(text): writer.string(text)
        case let .array(elements):
            writer.beginArray()
            for element in elements { element.write(to: &writer) }
            writer.endArray()
        case let .object(members):
            writer.beginObject()
            for member in members {
                writer.key(member.key)
                member.value.write(to: &writer)
            }
            writer.endObject()
        }
    }

    /// The value as compact JSON text.
    public var description: String {
        var writer = JSONWriter()
        write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// JSON equality: objects by members whatever their order, numbers by value.
    public static func == (lhs: AnyJSON, rhs: AnyJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(left), .bool(right)): return left == right
        case let (.number(left), .number(right)): return JSONNumberValue(left) == JSONNumberValue(right)
        case let (.string(left), .string(right)): return left == right
        case let (.array(left), .array(right)): return left == right
        case let (.object(left), .object(right)):
            return left.count == right.count
                && sorted(left).elementsEqual(sorted(right)) { $0.key == $1.key && $0.value == $1.value }
        case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _): return false
        }
    }

    /// Hashes as `==` compares (objects by sorted members, numbers by value).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case let .bool(flag): hasher.combine(flag)
        case let .number(literal): hasher.combine(JSONNumberValue(literal))
        case let .string(text): hasher.combine(text)
        case let .array(elements): hasher.combine(elements)
        case let .object(members):
            hasher.combine(members.count)
            for member in Self.sorted(members) {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }

    /// Members by key (stable, so repeated keys keep their order).
    private static func sorted(_ members: [Member]) -> [Member] {
        members.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element)
    }
}

/// Transforms any JSON value (not `null`, which makes an optional `nil`) into an ``AnyJSON`` and back.
public struct AnyJSONTransformer: JSONTransformer {
    /// Creates the transformer.
    @inlinable public init() {}
    /// Reads any (non-null) value.
    public func decode(_ value: JSONValue, context: inout MappingContext) throws(TransformFailure) -> AnyJSON {
        AnyJSON(value)
    }
    /// Writes the value as it was read.
    public func encode(_ value: AnyJSON, to writer: inout JSONWriter) { value.write(to: &writer) }
}
