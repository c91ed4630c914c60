import EntityGenRuntime

extension ValueNode {
    /// The value as JSON text, read with the YAML 1.2 core schema (a mapping is an object, a sequence an
    /// array): how `examples:` give JSON values. `nil` when a scalar has no JSON form (`.inf`, `.nan`).
    var jsonBytes: [UInt8]? {
        var writer = JSONWriter()
        return write(to: &writer) ? writer.bytes : nil
    }

    private func write(to writer: inout JSONWriter) -> Bool {
        switch kind {
        case let .sequence(elements):
            writer.beginArray()
            for element in elements where !element.write(to: &writer) { return false }
            writer.endArray()
        case let .mapping(entries):
            writer.beginObject()
            for entry in entries {
                writer.key(entry.key.value)
                guard entry.value.write(to: &writer) else { return false }
            }
            writer.endObject()
        case .scalar:
            switch scalar {
            case .null?, nil: writer.null()
            case let .bool(flag)?: writer.bool(flag)
            case let .string(text)?: writer.string(text)
            case let .integer(text)?:
                guard let value = SchemaValidator.integerValue(text) else { return false }
                writer.raw(Array(String(value).utf8))
            case let .float(text)?:
                guard let value = Double(text), value.isFinite else { return false }
                writer.double(value)
            }
        }
        return true
    }
}
