import Yams

extension SchemaParser {
    /// Parses an entity's `push:`: `create`, `update` and `delete`, each `METHOD /path/{attribute}`, and
    /// `conflicts`, the conflict policy, and `timestamp`, the attribute `lastWriterWins` compares.
    mutating func parsePush(_ node: Node, entity: String, at location: SourceLocation) -> PushDeclaration? {
        let what = "'push' of '\(entity)'"
        var push = PushDeclaration(location: location)
        guard let entries = reader.mapping(node, what) else { return nil }
        reader.checkKeys(entries, allowed: SchemaKeys.push, in: what)
        for entry in entries {
            let key = SchemaKeys.Push(rawValue: entry.key.value)
            switch key {
            case .conflicts:
                push.conflicts = reader.keyword(entry.value, "conflict policy")
                continue
            case .timestamp:
                push.timestamp = reader.string(entry.value, "timestamp attribute")
                continue
            case .create, .update, .delete, nil: break
            }
            var route: PushRouteDeclaration?
            if let text = reader.string(entry.value, "push route") { route = parsePushRoute(text) }
            switch key {
            case .create: push.create = route
            case .update: push.update = route
            case .delete: push.delete = route
            case .conflicts, .timestamp, nil: break  // read above; an unknown key: checkKeys reported it
            }
        }
        return push
    }

    /// `POST /todos`, `PATCH /todos/{id}`: a method, one space, and a path whose `{name}` placeholders
    /// name attributes.
    private mutating func parsePushRoute(_ text: Located<String>) -> PushRouteDeclaration? {
        let parts = text.value.split(separator: " ", omittingEmptySubsequences: true)
        let example = "write it as 'METHOD /path', such as 'PATCH /todos/{id}'"
        guard parts.count == 2 else {
            reader.diagnostics.emit(
                Rules.invalidPush, "'\(text.value)' is not a push route: \(example)", at: text.location)
            return nil
        }
        let method = parts[0].uppercased()
        let path = String(parts[1])
        guard PushRouteDeclaration.methods.contains(method) else {
            reader.diagnostics.emit(
                Rules.invalidPush,
                "'\(parts[0])' is not a method a push sends: use POST, PUT, PATCH or DELETE",
                at: text.location)
            return nil
        }
        guard path.hasPrefix("/") else {
            reader.diagnostics.emit(
                Rules.invalidPush, "the path '\(path)' must start with '/': \(example)", at: text.location)
            return nil
        }
        var placeholders: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else {
                reader.diagnostics.emit(
                    Rules.invalidPush, "the path '\(path)' has an unmatched '\(rest[open])'", at: text.location)
                return nil
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard !name.isEmpty, !name.contains("{") else {
                reader.diagnostics.emit(
                    Rules.invalidPush, "the path '\(path)' has an empty or nested placeholder", at: text.location)
                return nil
            }
            placeholders.append(name)
            rest = rest[rest.index(after: close)...]
        }
        guard !path.contains(where: { $0 == "?" || $0 == "#" || $0 == " " }) else {
            reader.diagnostics.emit(
                Rules.invalidPush, "the path '\(path)' may hold no query, fragment or space", at: text.location)
            return nil
        }
        return PushRouteDeclaration(method: method, path: path, placeholders: placeholders, location: text.location)
    }
}
