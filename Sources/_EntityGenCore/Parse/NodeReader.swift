import Yams

/// Reads Yams nodes into located values, reporting every shape problem as a diagnostic.
///
/// All parsing goes through this type, so every AST value gets its file, line and column the same way,
/// and every read counts against a node budget: YAML aliases can make a small file describe an
/// exponentially large tree ("billion laughs"); once the budget is spent the reader reports it once and
/// returns `nil` for everything else.
struct NodeReader {
    /// Nodes a single file may make the reader visit, aliases expanded. Real schemas use a few thousand.
    static let nodeBudget = 250_000

    /// The file being read.
    let file: String
    /// Findings so far.
    var diagnostics = DiagnosticCollector()
    private var remainingNodes = NodeReader.nodeBudget
    private var budgetExhausted = false

    init(file: String) {
        self.file = file
    }

    /// A key of a mapping with its value node.
    struct Entry {
        var key: Located<String>
        var value: Node
    }

    func location(of node: Node) -> SourceLocation {
        guard let mark = node.mark else { return .startOf(file) }
        return SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    /// Counts a node against the budget; `false` once it is spent.
    mutating func visit(_ node: Node) -> Bool {
        guard !budgetExhausted else { return false }
        remainingNodes -= 1
        if remainingNodes < 0 {
            budgetExhausted = true
            diagnostics.emit(
                Rules.yamlLimits,
                "document expands to more than \(Self.nodeBudget) nodes (through aliases?); schemas must be smaller",
                at: location(of: node))
            return false
        }
        return true
    }

    mutating func error(_ rule: RuleDescription, _ message: String, at node: Node) {
        diagnostics.emit(rule, message, at: location(of: node))
    }

    // MARK: Mappings

    /// The entries of a mapping whose keys are all scalars, or `nil` (with a diagnostic) otherwise.
    mutating func mapping(_ node: Node, _ what: String) -> [Entry]? {
        guard visit(node) else { return nil }
        guard case let .mapping(mapping) = node else {
            error(Rules.invalidValue, "\(what) must be a mapping, not \(describe(node))", at: node)
            return nil
        }
        var entries: [Entry] = []
        for (key, value) in mapping {
            guard visit(key) else { return nil }
            guard case let .scalar(scalar) = key else {
                error(Rules.invalidValue, "keys in \(what) must be plain text, not \(describe(key))", at: key)
                continue
            }
            entries.append(Entry(key: Located(scalar.string, at: location(of: key)), value: value))
        }
        return entries
    }

    /// Reports keys not in `allowed`, with a did-you-mean suggestion; a key of the other kind of file
    /// (`elsewhere`: a project setting in a schema file, `entities:` in the config) is told where it goes.
    mutating func checkKeys(
        _ entries: [Entry], allowed: [String], in what: String,
        elsewhere: (keys: [String], place: String)? = nil
    ) {
        for entry in entries where !allowed.contains(entry.key.value) {
            if let elsewhere, elsewhere.keys.contains(entry.key.value) {
                diagnostics.emit(
                    Rules.unknownKey, "'\(entry.key.value)' does not belong in \(what): write it in \(elsewhere.place)",
                    at: entry.key.location)
                continue
            }
            let hint =
                Suggestions.closest(to: entry.key.value, in: allowed).map { " (did you mean '\($0)'?)" }
                ?? "; expected one of: \(allowed.joined(separator: ", "))"
            diagnostics.emit(
                Rules.unknownKey, "unknown key '\(entry.key.value)' in \(what)\(hint)", at: entry.key.location)
        }
    }

    // MARK: Scalars

    /// A string scalar. Plain scalars that YAML would read as numbers or booleans are accepted as their
    /// text: names and descriptions are text whatever they look like.
    mutating func string(_ node: Node, _ what: String) -> Located<String>? {
        guard visit(node) else { return nil }
        guard case let .scalar(scalar) = node else {
            error(Rules.invalidValue, "\(what) must be text, not \(describe(node))", at: node)
            return nil
        }
        if scalar.style == .plain, case .null = ValueNode.interpretPlain(scalar.string) {
            error(Rules.invalidValue, "\(what) must be text, not null", at: node)
            return nil
        }
        return Located(scalar.string, at: location(of: node))
    }

    /// `true` or `false`.
    mutating func bool(_ node: Node, _ what: String) -> Located<Bool>? {
        guard visit(node) else { return nil }
        if case let .scalar(scalar) = node, scalar.style == .plain,
            case let .bool(value) = ValueNode.interpretPlain(scalar.string)
        {
            return Located(value, at: location(of: node))
        }
        error(Rules.invalidValue, "\(what) must be true or false, not \(describe(node))", at: node)
        return nil
    }

    /// One of a closed set of words, with a suggestion when misspelled.
    mutating func keyword<Word: RawRepresentable & CaseIterable>(
        _ node: Node, _ what: String, as _: Word.Type = Word.self
    )
        -> Located<Word>? where Word.RawValue == String
    {
        guard let text = string(node, what) else { return nil }
        if let word = Word(rawValue: text.value) { return text.map { _ in word } }
        let words = Word.allCases.map(\.rawValue)
        let hint =
            Suggestions.closest(to: text.value, in: words).map { " (did you mean '\($0)'?)" }
            ?? "; expected one of: \(words.joined(separator: ", "))"
        diagnostics.emit(Rules.invalidValue, "'\(text.value)' is not a valid \(what)\(hint)", at: text.location)
        return nil
    }

    /// One word of a closed set, or a list of them (`outputs: models`, `outputs: [models, mappers]`);
    /// each misspelled word is reported and left out.
    mutating func keywords<Word: RawRepresentable & CaseIterable>(_ node: Node, _ what: String) -> [Located<Word>]?
    where Word.RawValue == String {
        guard case let .sequence(sequence) = node else { return keyword(node, what, as: Word.self).map { [$0] } }
        return sequence.compactMap { keyword($0, what, as: Word.self) }
    }

    /// A text or a list of texts.
    mutating func stringList(_ node: Node, _ what: String) -> [Located<String>]? {
        if case let .sequence(sequence) = node {
            guard visit(node) else { return nil }
            return sequence.compactMap { string($0, what) }
        }
        return string(node, what).map { [$0] }
    }

    /// A key path: text with `.` separators, or a sequence of keys (no escaping needed). With
    /// `allowsElement`, the text form may pluck a member of each element of an array (`tags[].name`).
    mutating func keyPath(_ node: Node, _ what: String, allowsElement: Bool = false) -> Located<JSONKeyPath>? {
        if case let .sequence(sequence) = node {
            guard visit(node) else { return nil }
            let keys = sequence.compactMap { string($0, what) }
            guard keys.count == sequence.count else { return nil }
            guard !keys.isEmpty, !keys.contains(where: { $0.value.isEmpty }) else {
                error(Rules.invalidKeyPath, "\(what) must list at least one key, and no key may be empty", at: node)
                return nil
            }
            return Located(JSONKeyPath(keys.map(\.value)), at: location(of: node))
        }
        guard let text = string(node, what) else { return nil }
        switch JSONKeyPath.parse(text.value, allowsElement: allowsElement) {
        case let .success(path): return Located(path, at: text.location)
        case let .failure(failure):
            diagnostics.emit(Rules.invalidKeyPath, "\(what): \(failure.message)", at: text.location)
            return nil
        }
    }

    /// A single key path or a list of them (for `fallbackKeys`). A list of plain strings is a list of
    /// paths; to give one path as a key sequence inside the list, nest it (`[[a, b]]`).
    mutating func keyPaths(_ node: Node, _ what: String) -> [Located<JSONKeyPath>] {
        if case let .sequence(sequence) = node {
            guard visit(node) else { return [] }
            return sequence.compactMap { keyPath($0, what) }
        }
        return keyPath(node, what).map { [$0] } ?? []
    }

    /// `examples:`: a list of values, each one JSON value written in YAML.
    mutating func examples(_ node: Node, _ what: String) -> [ValueNode] {
        guard case let .sequence(sequence) = node else {
            error(Rules.invalidValue, "\(what) must be a list of values, not \(describe(node))", at: node)
            return []
        }
        guard visit(node) else { return [] }
        return sequence.compactMap { value($0) }
    }

    /// The node copied into a ``ValueNode``, within the budget.
    mutating func value(_ node: Node) -> ValueNode? {
        guard visit(node) else { return nil }
        let location = location(of: node)
        switch node {
        case let .scalar(scalar):
            return ValueNode(.scalar(scalar.string, plain: scalar.style == .plain), at: location)
        case let .sequence(sequence):
            var elements: [ValueNode] = []
            for element in sequence {
                guard let value = value(element) else { return nil }
                elements.append(value)
            }
            return ValueNode(.sequence(elements), at: location)
        case let .mapping(mapping):
            var entries: [ValueNode.Entry] = []
            for (key, element) in mapping {
                guard case let .scalar(keyScalar) = key else {
                    error(
                        Rules.invalidValue, "keys in a value mapping must be plain text, not \(describe(key))", at: key)
                    return nil
                }
                guard let value = value(element) else { return nil }
                entries.append(
                    ValueNode.Entry(key: Located(keyScalar.string, at: self.location(of: key)), value: value))
            }
            return ValueNode(.mapping(entries), at: location)
        case .alias:
            return nil
        }
    }

    /// "a mapping", "a sequence", "the text 'x'".
    func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        case .alias: return "an alias"
        case let .scalar(scalar):
            if scalar.style == .plain, case .null = ValueNode.interpretPlain(scalar.string) { return "null" }
            return "'\(scalar.string)'"
        }
    }
}
