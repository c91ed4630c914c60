extension SchemaValidator {
    /// Checks `identifiedBy`: declared on the family root only, naming required scalar attributes once.
    mutating func validateIdentity(of name: String) {
        guard let entity = resolvedEntities[name] else { return }
        let declaration = entity.declaration
        guard !declaration.identifiedBy.isEmpty || declaration.identifiedByLocation != nil else { return }
        if entity.root != name {
            emit(
                Rules.invalidIdentification,
                "'\(name)' extends '\(entity.parent ?? "")'; identity belongs to the family root '\(entity.root)'",
                at: declaration.identifiedByLocation ?? declaration.name.location)
            return
        }
        if declaration.identifiedBy.isEmpty, let location = declaration.identifiedByLocation {
            emit(Rules.invalidIdentification, "identifiedBy of '\(name)' lists no attribute", at: location)
        }
        var seen: Set<String> = []
        for identifier in declaration.identifiedBy {
            guard seen.insert(identifier.value).inserted else {
                emit(
                    Rules.invalidIdentification, "'\(identifier.value)' is listed twice in identifiedBy",
                    at: identifier.location)
                continue
            }
            guard let attribute = entity.attributes.first(where: { $0.name == identifier.value }) else {
                // Declared but unresolved (its type was wrong): that problem is already reported.
                if declaration.attributes.contains(where: { $0.name.value == identifier.value }) { continue }
                let isRelationship = entity.relationships.contains { $0.name == identifier.value }
                let hint =
                    isRelationship
                    ? " ('\(identifier.value)' is a relationship; identify by attributes)"
                    : Suggestions.didYouMean(identifier.value, in: entity.attributes.map(\.name))
                emit(
                    Rules.invalidIdentification,
                    "'\(name)' has no attribute '\(identifier.value)' to identify by\(hint)", at: identifier.location)
                continue
            }
            if attribute.isOptional {
                emit(
                    Rules.invalidIdentification,
                    "identification attribute '\(identifier.value)' is optional; an identity must always be present",
                    at: identifier.location)
            }
            if let value = attribute.declaration.defaultValue {
                // Every record sent without the key would take the default, and so the same identity:
                // they would be one row, each overwriting the one before.
                emit(
                    Rules.invalidIdentification,
                    "identification attribute '\(identifier.value)' has a default; records without it would all be the one row it identifies (remove the default)",
                    at: value.location)
            }
            if !Self.canIdentify(attribute.type) {
                emit(
                    Rules.invalidIdentification,
                    "'\(identifier.value)' is \(attribute.type), which cannot identify (use text, integers, UUID, URL, Decimal, Date or an enum)",
                    at: identifier.location)
            }
        }
    }

    /// Whether values of `type` can identify a row: compared exactly and stored as a key. Exhaustive,
    /// so that a new built-in type is decided here, not allowed by default.
    static func canIdentify(_ type: ResolvedType) -> Bool {
        switch type {
        case let .builtin(builtin):
            switch builtin {
            case .string, .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64, .decimal,
                .date, .url, .uuid:
                return true
            case .double, .float, .bool, .data, .anyJSON: return false
            }
        case .enumeration: return true
        case .custom, .array, .map: return false
        }
    }
}
