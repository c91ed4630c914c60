/// A value inside a ``JSONDocument``: a view valid only inside ``JSONDocument/withRoot(_:)``.
///
/// Reading is lazy: `string()` decodes escapes, `int64()` parses digits exactly, `double()` rounds
/// correctly. Every accessor returns `nil` when the value is of another JSON kind, so callers decide
/// what a mismatch means (mapping turns it into a located error or a reported drop).
public struct JSONValue {
    @usableFromInline let base: UnsafePointer<UInt8>
    @usableFromInline let tape: UnsafePointer<UInt64>
    /// The value's tape index; stable for the document's lifetime.
    public let index: Int

    @inlinable @inline(__always) init(base: UnsafePointer<UInt8>, tape: UnsafePointer<UInt64>, index: Int) {
        self.base = base
        self.tape = tape
        self.index = index
    }

    @inlinable @inline(__always) var entry: UInt64 { tape[index] }

    /// The JSON kind.
    @inlinable @inline(__always) public var kind: JSONTape.Kind { JSONTape.kind(entry) }

    /// Whether the value is `null`.
    @inlinable @inline(__always) public var isNull: Bool { entry & 7 == 0 }

    /// Byte offset of the value in the input (for strings and numbers; containers report their first
    /// member's).
    public var byteOffset: Int {
        switch kind {
        case .string: return JSONTape.offset(entry) - 1
        case .number: return JSONTape.offset(entry)
        default: return -1
        }
    }

    /// Members of an object or elements of an array; 0 otherwise.
    @inlinable @inline(__always) public var count: Int {
        switch kind {
        case .object, .array: return JSONTape.containerCount(entry)
        default: return 0
        }
    }

    // MARK: Objects

    /// The member named `key`, if this is an object that has it. If an object repeats a key, the first
    /// occurrence is used (RFC 8259 leaves repeated names to implementations).
    @inlinable @inline(__always) public subscript(key: StaticString) -> JSONValue? {
        member(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    }

    /// The member named `key`, if this is an object that has it. (String literals are contiguous UTF-8,
    /// so this reads their bytes in place.)
    @inlinable @inline(__always) public subscript(key: String) -> JSONValue? {
        key.withUTF8InPlace { member($0) }
    }

    /// The value at a key path; `nil` when a key is missing or an intermediate value is not an object.
    @inlinable public func value(at path: [String]) -> JSONValue? {
        var current = self
        for key in path {
            guard let next = current[key] else { return nil }
            current = next
        }
        return current
    }

    /// The member whose key's UTF-8 bytes equal `key` (the first, if repeated).
    @inlinable @inline(__always)
    public func member(_ key: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        let header = entry
        guard JSONTape.kind(header) == .object else { return nil }
        let end = JSONTape.containerEnd(header)
        var cursor = index + 1
        while cursor < end {
            let valueIndex = cursor + 1
            if keyMatches(tape[cursor], key) { return JSONValue(base: base, tape: tape, index: valueIndex) }
            cursor = JSONTape.next(after: valueIndex, entry: tape[valueIndex])
        }
        return nil
    }

    @inlinable @inline(__always) func keyMatches(_ keyEntry: UInt64, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        if JSONTape.stringHasEscapes(keyEntry) {
            return JSONStringDecoder.decode(base, entry: keyEntry).utf8.elementsEqual(key)
        }
        let length = JSONTape.stringLength(keyEntry)
        guard length == key.count else { return false }
        let start = base + JSONTape.offset(keyEntry)
        var offset = 0
        while offset < length {
            if start[offset] != key[offset] { return false }
            offset &+= 1
        }
        return true
    }

    /// Calls `body` with each member's key and value, in document order.
    @inlinable public func forEachMember<Failure: Error>(
        _ body: (String, JSONValue) throws(Failure) -> Void
    ) throws(Failure) {
        guard kind == .object else { return }
        let end = JSONTape.containerEnd(entry)
        var cursor = index + 1
        while cursor < end {
            let key = JSONStringDecoder.decode(base, entry: tape[cursor])
            let value = JSONValue(base: base, tape: tape, index: cursor + 1)
            try body(key, value)
            cursor = JSONTape.next(after: cursor + 1, entry: tape[cursor + 1])
        }
    }

    // MARK: Arrays

    /// Calls `body` with each element's position and value, in order.
    @inlinable @inline(__always)
    public func forEachElement<Failure: Error>(_ body: (Int, JSONValue) throws(Failure) -> Void) throws(Failure) {
        guard kind == .array else { return }
        let end = JSONTape.containerEnd(entry)
        var cursor = index + 1
        var position = 0
        while cursor < end {
            try body(position, JSONValue(base: base, tape: tape, index: cursor))
            cursor = JSONTape.next(after: cursor, entry: tape[cursor])
            position &+= 1
        }
    }

    /// Calls `body` with this element and the `count - 1` elements after it in its array, in order: a
    /// run of the elements ``forEachElement(_:)`` visits, read again without walking the ones before it
    /// (a large page's chunks, each mapped by whichever thread is free). `count` must not run past the
    /// array's end.
    @inlinable @inline(__always)
    package func forEachElement<Failure: Error>(
        startingHereCount count: Int, _ body: (JSONValue) throws(Failure) -> Void
    ) throws(Failure) {
        var cursor = index
        for _ in 0..<count {
            try body(JSONValue(base: base, tape: tape, index: cursor))
            cursor = JSONTape.next(after: cursor, entry: tape[cursor])
        }
    }

    // MARK: Scalars

    /// The string, escapes resolved.
    @inlinable @inline(__always) public func string() -> String? {
        guard kind == .string else { return nil }
        return JSONStringDecoder.decode(base, entry: entry)
    }

    /// The string's raw UTF-8 bytes when it has no escapes (for fast comparisons); `nil` otherwise.
    @inlinable public func rawStringBytes() -> UnsafeBufferPointer<UInt8>? {
        let entry = entry
        guard JSONTape.kind(entry) == .string, !JSONTape.stringHasEscapes(entry) else { return nil }
        return UnsafeBufferPointer(start: base + JSONTape.offset(entry), count: JSONTape.stringLength(entry))
    }

    /// `true` or `false`.
    @inlinable @inline(__always) public func bool() -> Bool? {
        switch kind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// The number's literal text, exactly as written.
    public func numberLiteral() -> String? {
        guard kind == .number else { return nil }
        return String(decoding: numberBytes, as: UTF8.self)
    }

    @inlinable @inline(__always) var numberBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + JSONTape.offset(entry), count: JSONTape.numberLength(entry))
    }

    /// Whether the number was written without fraction or exponent.
    @inlinable public var isIntegerLiteral: Bool { kind == .number && JSONTape.numberIsInteger(entry) }
}
