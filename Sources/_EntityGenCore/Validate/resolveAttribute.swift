extension SchemaValidator {
    /// Resolves an attribute's type and transformer and checks its default, constraints and policies.
    mutating func resolveAttribute(
        _ attribute: AttributeDeclaration, in entity: EntityDeclaration
    ) -> ResolvedAttribute? {
        let usable = checkMemberName(attribute.name, kind: "attribute")
        let what = "attribute '\(attribute.name.value)'"
        var transformer = resolveTransformer(of: attribute)
        var customTransformer: TransformerDeclaration?
        if case let .custom(name)? = transformer { customTransformer = transformers[name] }

        let type: ResolvedType
        if let written = attribute.type {
            guard let resolved = resolveType(written.value, at: written.location, custom: customTransformer, what: what)
            else { return nil }
            type = resolved
        } else if let custom = customTransformer, let swiftType = custom.swiftType {
            type = .custom(swiftType: swiftType.value, transformer: custom.name.value)
        } else {
            return nil
        }

        if let transformerName = attribute.transformer ?? attribute.dateFormat, let builtin = type.leafBuiltin {
            if let problem = applicability(of: transformer, to: builtin) {
                emit(Rules.transformerMismatch, "\(problem) (\(what) is \(type))", at: transformerName.location)
                transformer = nil
            }
        } else if let transformerName = attribute.transformer ?? attribute.dateFormat, customTransformer == nil,
            transformer != nil
        {
            emit(
                Rules.transformerMismatch,
                "'\(transformerName.value)' cannot convert \(type); built-in transformers apply to built-in types",
                at: transformerName.location)
            transformer = nil
        }
        if transformer == nil, let builtin = type.leafBuiltin?.defaultTransformer { transformer = .builtin(builtin) }

        let isOptional = attribute.isOptional?.value ?? false
        let defaultValue = checkDefault(of: attribute, type: type, isOptional: isOptional, what: what)
        validateConstraints(attribute.constraints, type: type, what: what)
        if let policy = attribute.onFailure {
            switch policy.value {
            case .drop where !isOptional:
                emit(
                    Rules.invalidFailurePolicy,
                    "onFailure: drop needs \(what) to be optional ('\(type)?'); with a default use onFailure: default",
                    at: policy.location)
            case .default where attribute.defaultValue == nil:
                emit(
                    Rules.invalidFailurePolicy, "onFailure: default needs a 'default' value for \(what)",
                    at: policy.location)
            case .fail, .drop, .default: break
            }
        }
        if let key = attribute.key, key.value.element != nil {
            guard case .array = type else {
                emit(
                    Rules.invalidKeyPath,
                    "key '\(key.value)' plucks one value from each element of an array, so \(what) must be an array ('[\(type)]'), not '\(type)'",
                    at: key.location)
                return nil
            }
        }
        if let policy = attribute.onInvalidElement, !type.isCollection {
            emit(
                Rules.invalidFailurePolicy, "onInvalidElement applies to arrays and maps; \(what) is \(type)",
                at: policy.location)
        }
        guard usable else { return nil }
        return ResolvedAttribute(
            declaration: attribute,
            declaringEntity: entity.name.value,
            swiftName: SwiftNaming.memberName(attribute.name.value),
            type: type,
            isOptional: isOptional,
            keyPath: defaultKeyPath(for: attribute.name, explicit: attribute.key, in: entity),
            fallbackKeyPaths: attribute.fallbackKeys.map { based($0.value, in: entity) },
            transformer: transformer,
            defaultValue: defaultValue,
            constraints: Self.resolvedConstraints(attribute.constraints),
            onFailure: attribute.onFailure?.value ?? .fail,
            onInvalidElement: attribute.onInvalidElement?.value ?? .fail,
            writesNull: isOptional && (attribute.writeNulls ?? entity.writeNulls)?.value == true
        )
    }

    private mutating func resolveTransformer(of attribute: AttributeDeclaration) -> ResolvedTransformer? {
        if let format = attribute.dateFormat {
            if let transformer = attribute.transformer {
                emit(
                    Rules.transformerMismatch,
                    "'dateFormat' is itself the transformer; remove 'transformer: \(transformer.value)'",
                    at: transformer.location)
            }
            if let problem = DateFormatSyntax.problem(in: format.value) {
                emit(Rules.invalidDateFormat, "date format '\(format.value)': \(problem)", at: format.location)
                return nil
            }
            return .dateFormat(format.value)
        }
        guard let name = attribute.transformer else { return nil }
        if let builtin = BuiltinTransformer(rawValue: name.value) { return .builtin(builtin) }
        if transformers[name.value] != nil {
            usedTransformers.insert(name.value)
            return .custom(name.value)
        }
        let known = BuiltinTransformer.allCases.map(\.rawValue) + transformers.keys.sorted()
        emit(
            Rules.unknownTransformer,
            "'\(name.value)' is neither a built-in transformer nor declared under 'transformers'\(Suggestions.didYouMean(name.value, in: known))",
            at: name.location)
        return nil
    }

    /// Why a transformer cannot produce a built-in type, or `nil` when it can.
    private func applicability(of transformer: ResolvedTransformer?, to type: BuiltinType) -> String? {
        switch transformer {
        case nil: return nil
        case .dateFormat?: return type == .date ? nil : "'dateFormat' makes Dates"
        case let .custom(name)?:
            let swiftType = transformers[name]?.swiftType?.value ?? "?"
            return swiftType == type.rawValue
                ? nil : "transformer '\(name)' makes '\(swiftType)', not '\(type.rawValue)'"
        case let .builtin(builtin)?:
            let descriptor = builtin.descriptor
            return descriptor.appliesTo(type) ? nil : "transformer '\(builtin.rawValue)' makes \(descriptor.makes)"
        }
    }

    /// Resolves a written type. With a custom transformer, the leaf must be the transformer's Swift type.
    mutating func resolveType(
        _ type: TypeExpression, at location: SourceLocation, custom: TransformerDeclaration?, what: String
    ) -> ResolvedType? {
        switch type {
        case let .array(element):
            return resolveType(element, at: location, custom: custom, what: what).map { .array($0) }
        case let .map(value):
            return resolveType(value, at: location, custom: custom, what: what).map { .map($0) }
        case let .named(name):
            if let custom, let swiftType = custom.swiftType?.value {
                guard name == swiftType else {
                    emit(
                        Rules.transformerMismatch,
                        "transformer '\(custom.name.value)' makes '\(swiftType)', but \(what) is '\(name)'",
                        at: location)
                    return nil
                }
                return .custom(swiftType: swiftType, transformer: custom.name.value)
            }
            if let builtin = BuiltinType(rawValue: name) { return .builtin(builtin) }
            if enums[name] != nil {
                usedEnums.insert(name)
                return .enumeration(name)
            }
            if entities[name] != nil {
                emit(
                    Rules.unknownType,
                    "'\(name)' is an entity; declare \(what) under 'relationships' to embed or reference it",
                    at: location)
                return nil
            }
            if let transformer = transformers.values.sorted(by: { $0.name.value < $1.name.value }).first(where: {
                $0.swiftType?.value == name
            }) {
                emit(
                    Rules.unknownType,
                    "'\(name)' is made by a custom transformer; add 'transformer: \(transformer.name.value)' to \(what)",
                    at: location)
                return nil
            }
            let known = BuiltinType.allCases.map(\.rawValue) + enums.keys.sorted()
            let suggestion: String
            if let builtin = BuiltinType.aliased(name)?.rawValue ?? Suggestions.closest(to: name, in: known) {
                suggestion = " (did you mean '\(builtin)'?)"
            } else if let entity = Suggestions.closest(to: name, in: entities.keys.sorted()) {
                // An entity's name, misspelled (`User` for `user`): the fix is a relationship, not the spelling alone.
                suggestion =
                    " (did you mean entity '\(entity)'? declare \(what) under 'relationships' to embed or reference it)"
            } else {
                suggestion = ""
            }
            emit(Rules.unknownType, "unknown type '\(name)' for \(what)\(suggestion)", at: location)
            return nil
        }
    }

    /// Checks an attribute's default against its type, and returns it resolved (`nil` when there is none,
    /// or when it is reported).
    private mutating func checkDefault(
        of attribute: AttributeDeclaration, type: ResolvedType, isOptional: Bool, what: String
    ) -> ResolvedValue? {
        guard let value = attribute.defaultValue else { return nil }
        if case .null? = value.scalar {
            if !isOptional {
                emit(
                    Rules.invalidDefault, "default of \(what) is null; make the attribute optional instead",
                    at: value.location)
                return nil
            }
            return .null
        }
        if case .custom = type.leaf {
            emit(
                Rules.invalidDefault,
                "\(what) has a custom transformer type, which cannot take a default from the schema; make it optional",
                at: value.location)
            return nil
        }
        if let problem = valueProblem(value, type) {
            emit(Rules.invalidDefault, "default of \(what): \(problem.message)", at: problem.location)
            return nil
        }
        guard let resolved = resolvedValue(value, type) else {
            emit(Rules.invalidDefault, "default of \(what) cannot be read as \(type)", at: value.location)
            return nil
        }
        return resolved
    }
}
