import EntityGenRuntime
import Foundation

extension SchemaValidator {
    /// Checks constraints against the attribute's type. Number bounds, patterns and `oneOf` apply to the
    /// scalar values (each element of an array); lengths apply to text or to the count of an array or map.
    mutating func validateConstraints(_ constraints: ConstraintsDeclaration, type: ResolvedType, what: String) {
        guard !constraints.isEmpty else { return }
        let leaf = type.leaf
        let leafBuiltin = type.leafBuiltin

        for (key, bound) in [("minimum", constraints.minimum), ("maximum", constraints.maximum)] {
            guard let bound else { continue }
            guard let leafBuiltin, leafBuiltin.isNumeric else {
                emit(
                    Rules.invalidConstraint,
                    "'\(key)' bounds numbers; \(what) is \(type) (use minLength/maxLength for text and lists)",
                    at: bound.location)
                continue
            }
            if let problem = valueProblem(bound, leaf) {
                emit(Rules.invalidConstraint, "\(key) of \(what): \(problem.message)", at: problem.location)
            }
        }
        if let minimum = constraints.minimum, let maximum = constraints.maximum,
            let low = Self.numericValue(minimum), let high = Self.numericValue(maximum), low > high
        {
            emit(
                Rules.invalidConstraint, "maximum \(high) is below minimum \(low): no value of \(what) could pass",
                at: maximum.location)
        }

        let hasLength: Bool
        switch type {
        case .builtin(.string), .array, .map: hasLength = true
        case .builtin, .enumeration, .custom: hasLength = false
        }
        var lengths: [String: Int128] = [:]
        for (key, bound) in [("minLength", constraints.minLength), ("maxLength", constraints.maxLength)] {
            guard let bound else { continue }
            guard hasLength else {
                emit(
                    Rules.invalidConstraint,
                    "'\(key)' bounds the length of text or the count of a list; \(what) is \(type)", at: bound.location)
                continue
            }
            guard let number = Self.wholeNumber(bound) else {
                emit(
                    Rules.invalidConstraint,
                    "\(key) of \(what) must be a whole number of at least 0, not \(bound.kindDescription)",
                    at: bound.location)
                continue
            }
            lengths[key] = number
        }
        if let low = lengths["minLength"], let high = lengths["maxLength"], low > high,
            let maxLength = constraints.maxLength
        {
            emit(
                Rules.invalidConstraint, "maxLength \(high) is below minLength \(low): no value of \(what) could pass",
                at: maxLength.location)
        }

        if let pattern = constraints.pattern {
            if leafBuiltin != .string {
                emit(Rules.invalidConstraint, "'pattern' applies to text; \(what) is \(type)", at: pattern.location)
            } else {
                do {
                    _ = try NSRegularExpression(pattern: JSONPattern.anchored(pattern.value))
                } catch {
                    emit(
                        Rules.invalidPattern, "pattern '\(pattern.value)' of \(what) is not a valid regular expression",
                        at: pattern.location)
                }
            }
        }

        if let oneOf = constraints.oneOf {
            guard case let .sequence(values) = oneOf.kind, !values.isEmpty else {
                emit(Rules.invalidConstraint, "'oneOf' of \(what) must list at least one value", at: oneOf.location)
                return
            }
            if case .custom = leaf {
                emit(
                    Rules.invalidConstraint, "'oneOf' cannot list values of the custom type of \(what)",
                    at: oneOf.location)
                return
            }
            var seen: Set<String> = []
            for value in values {
                if let problem = valueProblem(value, leaf) {
                    emit(Rules.invalidConstraint, "oneOf of \(what): \(problem.message)", at: problem.location)
                } else if case let .scalar(text, _) = value.kind, !seen.insert(text).inserted {
                    emit(Rules.invalidConstraint, "oneOf of \(what) lists '\(text)' twice", at: value.location)
                }
            }
        }
    }

    /// An attribute's constraints in schema order, read once (after ``validateConstraints(_:type:what:)``)
    /// for generated code and the interpreter alike.
    static func resolvedConstraints(_ declaration: ConstraintsDeclaration) -> [ResolvedConstraint] {
        var result: [ResolvedConstraint] = []
        if let minimum = declaration.minimum.flatMap(numericValue) { result.append(.minimum(minimum)) }
        if let maximum = declaration.maximum.flatMap(numericValue) { result.append(.maximum(maximum)) }
        // A length past `Int.max` (YAML integers reach 128 bits) bounds nothing more than `Int.max` does.
        if let minLength = declaration.minLength.flatMap(lengthValue) { result.append(.minLength(minLength)) }
        if let maxLength = declaration.maxLength.flatMap(lengthValue) { result.append(.maxLength(maxLength)) }
        if let pattern = declaration.pattern?.value { result.append(.pattern(pattern)) }
        if case let .sequence(values)? = declaration.oneOf?.kind {
            result.append(
                .oneOf(
                    values.compactMap { value -> String? in
                        switch value.scalar {
                        case let .string(text)?, let .integer(text)?, let .float(text)?: return text
                        case let .bool(flag)?: return flag ? "true" : "false"
                        case .null?, nil: return nil
                        }
                    }))
        }
        return result
    }

    /// A validated length bound, clamped to `Int`.
    private static func lengthValue(_ bound: ValueNode) -> Int? {
        wholeNumber(bound).map { Int(clamping: $0) }
    }
}
