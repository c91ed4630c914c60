/// The type of one member, decided from its values.
struct MemberDecision {
    /// The type without `?`, as written in YAML (`Int64`, `'[String]'`, `Status`).
    var base: String
    /// Whether it is written as a collection in quotes (`'[String]'`).
    var quoted = false
    var transformer: String?
    var dateFormat: String?
    var reason: String?
    var isRelationship = false
    /// Always optional (`AnyJSON` for members that were only ever `null`).
    var forcesOptional = false
    /// An expandable reference's identifier type (`Int64`, `String`).
    var expandableIdentifier: String?

    /// The type as written, optional or not.
    func type(optional: Bool) -> String {
        let text = base + (optional ? "?" : "")
        return quoted || (optional && base.hasPrefix("[")) ? "'\(text)'" : text
    }

    /// `AnyJSON` in place of a collection nested deeper than a schema type can say (`[[...]]` seven
    /// levels deep at most: ``TypeExpression/maximumDepth``); `nil` when it fits.
    static func tooDeep(_ decision: MemberDecision) -> MemberDecision? {
        guard decision.base.filter({ $0 == "[" }).count >= TypeExpression.maximumDepth else { return nil }
        return MemberDecision(
            base: "AnyJSON",
            reason: "lists or maps nested deeper than a schema type can say (\(TypeExpression.maximumDepth - 1) levels)"
        )
    }

    /// Why objects are a map.
    static func mapReason(_ keys: Int) -> String {
        "map: its keys are data (ids, names), not members (\(InferenceText.plural(keys, "distinct key")))"
    }

    /// Adds a sentence to the reason.
    mutating func note(_ text: String) {
        reason = reason.map { $0 + "; " + text } ?? text
    }
}

extension SchemaInference {
    /// Decides a member's type from the merged values of its key; `expandable` is the identifier type
    /// when every place found an identifier or object there (``ValueShape/expandable(_:identifier:)``).
    mutating func describe(
        _ node: ShapeNode, key: String, memberName: String, owner: String, target: String?, expandable: String? = nil
    ) -> MemberDecision {
        let target = target ?? "AnyJSON"
        let shape = expandable.map { ValueShape.expandable(node, identifier: $0) } ?? ValueShape.of(node)
        switch shape {
        case .unknown:
            var decision = MemberDecision(base: "AnyJSON")
            decision.forcesOptional = true
            decision.reason =
                "always null in \(InferenceText.plural(node.count, "value")): AnyJSON keeps whatever comes"
            return decision
        case .entity:
            var decision = MemberDecision(base: target)
            decision.isRelationship = true
            return decision
        case let .expandable(_, identifier):
            var decision = MemberDecision(base: target)
            decision.isRelationship = true
            decision.expandableIdentifier = identifier
            let objects = node.object?.count ?? 0
            let identifiers = node.nonNull - objects
            decision.reason =
                "expandable: the identifier in \(InferenceText.count(identifiers)) and the whole object in \(InferenceText.plural(objects, "value")); importing an identifier that names no stored \(target) fails its page"
            return decision
        case .array(.entity):
            var decision = MemberDecision(base: "[\(target)]", quoted: true)
            decision.isRelationship = true
            return decision
        case let .map(.entity, keys):
            var decision = MemberDecision(base: "[String: \(target)]", quoted: true)
            decision.isRelationship = true
            decision.reason = MemberDecision.mapReason(keys)
            return decision
        case .any, .bool, .number, .string, .array, .map:
            return scalar(shape, node: node, key: key, memberName: memberName, owner: owner, nested: false)
        }
    }

    /// A built-in, enum or collection type.
    private mutating func scalar(
        _ shape: ValueShape, node: ShapeNode?, key: String, memberName: String, owner: String, nested: Bool
    ) -> MemberDecision {
        switch shape {
        case .unknown:
            return MemberDecision(base: "AnyJSON", reason: "never had a value: AnyJSON keeps whatever comes")
        case let .any(reason):
            return MemberDecision(base: "AnyJSON", reason: reason)
        case .entity, .expandable:
            return MemberDecision(base: "AnyJSON", reason: "objects inside a collection of collections")
        case .bool:
            return MemberDecision(base: "Bool")
        case let .number(numbers):
            return number(numbers, key: key)
        case let .string(strings):
            return string(strings, key: key, memberName: memberName, owner: owner, nested: nested)
        case let .array(element):
            var inner = scalar(element, node: nil, key: key, memberName: memberName, owner: owner, nested: true)
            inner.base = "[\(inner.base)]"
            inner.quoted = true
            if let tooDeep = MemberDecision.tooDeep(inner) { return tooDeep }
            if case .unknown = element {
                inner.reason = "always empty: the element type is unknown, AnyJSON keeps whatever comes"
            }
            return inner
        case let .map(element, keys):
            var inner = scalar(element, node: nil, key: key, memberName: memberName, owner: owner, nested: true)
            if keys == 0 { inner.reason = nil }
            inner.base = "[String: \(inner.base)]"
            inner.quoted = true
            if let tooDeep = MemberDecision.tooDeep(inner) { return tooDeep }
            inner.note(
                keys == 0
                    ? "always {}: the value type is unknown, AnyJSON keeps whatever comes"
                    : MemberDecision.mapReason(keys))
            return inner
        }
    }

    private func number(_ numbers: NumberStatistics, key: String) -> MemberDecision {
        let total = InferenceText.plural(numbers.count, "value")
        if numbers.integers == numbers.count {
            if let format = ValueFormat.numberFormats.first(where: numbers.formats.contains) {
                if Self.namesATime(key) {
                    return MemberDecision(
                        base: "Date", transformer: format.spelling.transformer?.rawValue,
                        reason:
                            "Date: \(format.explanation) in \(numbers.count == 1 ? "its 1 value" : "all \(total)") (by size and name)"
                    )
                }
                return MemberDecision(
                    base: "Int64",
                    reason: "could be \(format.explanation) (\(total)), but the name does not say time: kept Int64")
            }
            if numbers.fitsInt64 { return MemberDecision(base: "Int64") }
            if numbers.fitsUInt64 { return MemberDecision(base: "UInt64", reason: "integers beyond Int64") }
            if numbers.decimalKeepsValue {
                return MemberDecision(base: "Decimal", reason: "integers beyond UInt64: Decimal keeps them exactly")
            }
            return MemberDecision(base: "AnyJSON", reason: "integers beyond Decimal: AnyJSON keeps their digits")
        }
        if numbers.doubleKeepsValue { return MemberDecision(base: "Double") }
        if numbers.decimalKeepsValue {
            return MemberDecision(
                base: "Decimal", reason: "numbers with more digits than a Double keeps: Decimal keeps them")
        }
        return MemberDecision(base: "AnyJSON", reason: "numbers beyond Double and Decimal: AnyJSON keeps their digits")
    }

    /// Whether a key names a moment (`created_at`, `updatedAt`, `timestamp`, `start`).
    static func namesATime(_ key: String) -> Bool {
        let lower = key.lowercased()
        let words = [
            "time", "date", "created", "updated", "modified", "start", "end", "expire", "since", "until",
            "published", "deleted", "last", "when",
        ]
        return words.contains { lower.contains($0) } || lower.hasSuffix("_at") || key.hasSuffix("At")
            || lower.hasSuffix("_on")
    }

    private mutating func string(
        _ strings: StringStatistics, key: String, memberName: String, owner: String, nested: Bool
    ) -> MemberDecision {
        let total = InferenceText.plural(strings.count, "value")
        if let format = ValueFormat.stringFormats.first(where: strings.formats.contains) {
            let spelling = format.spelling
            return MemberDecision(
                base: format.type.rawValue, transformer: spelling.transformer?.rawValue,
                dateFormat: spelling.dateFormat,
                reason:
                    "\(format.type.rawValue): \(format.explanation) in \(strings.count == 1 ? "its 1 value" : "all \(total)")"
            )
        }
        if strings.anyCaseUUIDs == strings.count {
            return MemberDecision(
                base: "String", reason: "UUIDs in lower case, and UUID writes upper case: kept String")
        }
        if let enumeration = enumeration(strings, key: key, memberName: memberName, owner: owner), !nested {
            return MemberDecision(base: enumeration.name, reason: enumeration.reason)
        }
        if strings.numeric == strings.count {
            return MemberDecision(
                base: "String", reason: "numbers as text in \(total): kept String (numberFromString writes numbers)")
        }
        return MemberDecision(base: "String")
    }

    /// Words in a key that say its values are free text, never an enum.
    static let textKeyWords = [
        "name", "title", "text", "description", "summary", "message", "email", "url", "path", "version", "body",
        "comment", "note", "label", "id", "key", "token", "hash", "code", "slug", "query", "phone", "address",
    ]

    /// An open enum for a small set of short, repeated words (at least 10 values, 2 to 12 distinct, each
    /// met three times on average), registered once per name and set of cases.
    private mutating func enumeration(
        _ strings: StringStatistics, key: String, memberName: String, owner: String
    ) -> InferredSchema.Enumeration? {
        guard !strings.manyValues, strings.count >= 10, (2...12).contains(strings.distinct.count),
            strings.distinct.count * 3 <= strings.count
        else { return nil }
        let lower = key.lowercased()
        guard !Self.textKeyWords.contains(where: lower.contains) else { return nil }
        let values = strings.distinct.keys.sorted()
        guard InferredSchema.Enumeration.canBeCases(values) else { return nil }
        let fallback = InferredSchema.Enumeration.fallbackName(besides: values)
        let reason =
            "enum: \(InferenceText.plural(values.count, "distinct value")) in \(InferenceText.plural(strings.count, "string")); '\(fallback)' keeps any other"
        if let existing = enums.first(where: {
            Set($0.cases) == Set(values) && $0.name.hasSuffix(SwiftNaming.typeName(memberName))
        }) {
            return existing
        }
        let base =
            typeNameTaken(SwiftNaming.typeName(memberName)) ? owner + SwiftNaming.typeName(memberName) : memberName
        let enumeration = InferredSchema.Enumeration(
            name: uniqueTypeName(base), cases: values, fallback: fallback, reason: reason)
        enums.append(enumeration)
        return enumeration
    }
}
