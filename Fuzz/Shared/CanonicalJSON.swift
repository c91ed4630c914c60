import EntityGenRuntime

/// A value as text that two readings of the same JSON must agree on: kinds, member order, decoded
/// strings and number literals exactly as written (shared by the reader and splitter fuzz targets).
func canonical(_ value: JSONValue) -> String {
    switch value.kind {
    case .null: return "null"
    case .false: return "false"
    case .true: return "true"
    case .number: return "n:" + (value.numberLiteral() ?? "?")
    case .string: return "s:" + String(reflecting: value.string() ?? "?")
    case .object:
        var members: [String] = []
        value.forEachMember { key, member in members.append(String(reflecting: key) + "=" + canonical(member)) }
        return "{" + members.joined(separator: ",") + "}"
    case .array:
        var elements: [String] = []
        value.forEachElement { _, element in elements.append(canonical(element)) }
        return "[" + elements.joined(separator: ",") + "]"
    }
}
