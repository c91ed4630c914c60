extension JSONValue {
    /// Input text as messages quote it: whole when short, else its start and its length (a message must
    /// not repeat a 100 MB number).
    public static func excerpt(_ text: String, limit: Int = 40) -> String {
        text.count <= limit ? text : "\(text.prefix(limit))... (\(text.count) characters)"
    }

    /// This number's literal as messages quote it (``excerpt(_:limit:)``).
    @usableFromInline var numberExcerpt: String { Self.excerpt(numberLiteral() ?? "") }

    /// A short description of the value's kind for messages: "a string", "the number 42", "null".
    public var kindDescription: String {
        switch kind {
        case .null: return "null"
        case .true: return "true"
        case .false: return "false"
        case .number:
            let literal = numberLiteral() ?? ""
            return literal.count <= 24 ? "the number \(literal)" : "a number"
        case .string:
            let text = string() ?? ""
            return text.count <= 40 ? "the string \"\(text)\"" : "a string"
        case .object: return "an object"
        case .array: return "an array"
        }
    }

    /// The JSON path of this value from the document's root (`$.result[3].authors`).
    ///
    /// Computed by walking down from the root using the tape's skip pointers, so it costs nothing until
    /// an error or issue asks for it. In arrays of more than `indexedArrayThreshold` elements
    /// the element is found by binary search in the document's index of element starts (built once per
    /// array), so reporting k problems in an array of n elements costs O(n + k log n), not O(k·n).
    public var path: String {
        var path = "$"
        var current = 0
        while current != index {
            let header = tape[current]
            let end = JSONTape.containerEnd(header)
            var cursor = current + 1
            var position = 0
            var descended = false
            switch JSONTape.kind(header) {
            case .object:
                while cursor < end {
                    let valueIndex = cursor + 1
                    let next = JSONTape.next(after: valueIndex, entry: tape[valueIndex])
                    if index >= valueIndex, index < next {
                        path += JSONPath.component(key: JSONStringDecoder.decode(base, entry: tape[cursor]))
                        current = valueIndex
                        descended = true
                        break
                    }
                    cursor = next
                }
            case .array where JSONTape.containerCount(header) > Self.indexedArrayThreshold:
                let starts = JSONStorage.of(base: base).positions(ofArrayAt: current)
                // The last element starting at or before `index` holds it.
                var low = 0
                var high = starts.count
                while low < high {
                    let middle = (low + high) / 2
                    if starts[middle] <= index { low = middle + 1 } else { high = middle }
                }
                if low > 0, index < end {
                    path += JSONPath.component(index: low - 1)
                    current = starts[low - 1]
                    descended = true
                }
            case .array:
                while cursor < end {
                    let next = JSONTape.next(after: cursor, entry: tape[cursor])
                    if index >= cursor, index < next {
                        path += JSONPath.component(index: position)
                        current = cursor
                        descended = true
                        break
                    }
                    cursor = next
                    position += 1
                }
            default:
                break
            }
            if !descended { return path + "?" }
        }
        return path
    }

    /// Arrays up to this many elements are searched by walking them (no index is built for them).
    static let indexedArrayThreshold = 32

    /// The path of a member that may not exist (for "missing key" errors): this value's path plus keys.
    public func path(appending keys: [String]) -> String {
        keys.reduce(path) { $0 + JSONPath.component(key: $1) }
    }
}
