extension SchemaValidator {
    /// Checks an enum: raw values of the raw type, unique; case names usable and distinct; fallback new.
    mutating func validateEnum(_ declaration: EnumDeclaration) {
        let name = declaration.name.value
        let rawType = declaration.rawType?.value ?? .string
        if declaration.cases.isEmpty {
            emit(Rules.invalidEnum, "enum '\(name)' has no cases", at: declaration.name.location)
            return
        }
        var rawValues: [String: Located<String>] = [:]
        var caseNames: [String: Located<String>] = [:]
        for enumCase in declaration.cases {
            let raw = enumCase.rawValue
            let text: String
            switch (rawType, raw.scalar) {
            case (.string, .string(let string)?): text = string
            case (.int, .integer(let literal)?):
                guard let value = Self.integerValue(literal), (Int128(Int64.min)...Int128(Int64.max)).contains(value) else {
                    emit(Rules.invalidEnum, "raw value \(literal) of '\(name)' does not fit Int", at: raw.location)
                    continue
                }
                text = String(value)
            case (.string, _):
                emit(Rules.invalidEnum, "raw values of '\(name)' are text; quote \(raw.kindDescription) '\(enumCase.name.value)' or set rawType: Int", at: raw.location)
                continue
            case (.int, _):
                emit(Rules.invalidEnum, "raw values of '\(name)' are integers, not \(raw.kindDescription)", at: raw.location)
                continue
            }
            if enumCase.nameIsDerived, rawType == .int {
                emit(Rules.invalidEnum, "integer cases of '\(name)' need names: write cases as a mapping, e.g. {low: 0, high: 1}", at: raw.location)
                continue
            }
            if let first = rawValues[text] {
                emit(Rules.invalidEnum, "raw value '\(text)' of '\(name)' is already used at \(first.location.reference(from: raw.location))", at: raw.location)
                continue
            }
            rawValues[text] = Located(text, at: raw.location)
            if enumCase.nameIsDerived {
                guard SwiftNaming.isUsable(enumCase.name.value) else {
                    emit(Rules.invalidEnum, "raw value '\(text)' of '\(name)' gives no Swift case name; write cases as a mapping, e.g. {someName: '\(text)'}", at: raw.location)
                    continue
                }
            }
            guard checkMemberName(enumCase.name, kind: "case") else { continue }
            let swiftName = SwiftNaming.memberName(enumCase.name.value)
            if let first = caseNames[swiftName] {
                emit(Rules.nameCollision, "cases '\(enumCase.name.value)' and '\(first.value)' of '\(name)' both become '\(swiftName)'", at: enumCase.name.location)
                continue
            }
            caseNames[swiftName] = enumCase.name
        }
        if let fallback = declaration.fallback, checkMemberName(fallback, kind: "fallback case") {
            if let clash = caseNames[SwiftNaming.memberName(fallback.value)] {
                emit(Rules.invalidEnum, "fallback '\(fallback.value)' of '\(name)' must be a new case for unknown values, but '\(clash.value)' is a listed case", at: fallback.location)
            }
        }
    }

    /// Checks a feed: known entity with identity, coherent pagination and actions.
    mutating func validateFeed(_ feed: FeedDeclaration) {
        let what = "feed '\(feed.name.value)'"
        if let entityName = feed.entity {
            if let entity = resolvedEntities[entityName.value] {
                if entity.identifiedBy.isEmpty {
                    emit(Rules.invalidFeed, "\(what) imports '\(entityName.value)', which needs identifiedBy so re-imports update instead of duplicating", at: entityName.location)
                }
            } else if entities[entityName.value] == nil {
                emit(Rules.unknownEntity, "\(what) delivers '\(entityName.value)', which is not a declared entity\(Suggestions.didYouMean(entityName.value, in: entities.keys.sorted()))", at: entityName.location)
            }
        }
        if case let .pageNumber(_, _, firstPage, _)? = feed.pagination, let firstPage {
            if case let .integer(literal)? = firstPage.scalar, let value = Self.integerValue(literal), value >= 0 {} else {
                emit(Rules.invalidFeed, "firstPage of \(what) must be a whole number of at least 0, not \(firstPage.kindDescription)", at: firstPage.location)
            }
        }
        if let actions = feed.actions {
            var names: [String: String] = [:]
            for (action, value) in [("add", actions.add), ("update", actions.update), ("delete", actions.delete)] {
                let text = value?.value ?? action
                if let first = names[text] {
                    emit(Rules.invalidFeed, "actions '\(first)' and '\(action)' of \(what) both use the type value '\(text)'", at: value?.location ?? actions.location)
                } else {
                    names[text] = action
                }
            }
            if let orphans = feed.deleteOrphans, orphans.value {
                emit(Rules.invalidFeed, "\(what) is a diff feed, which deletes through 'delete' actions; deleteOrphans would delete what the feed did not mention", at: orphans.location)
            }
        }
    }

    /// Warns about enums and custom transformers no attribute uses.
    mutating func reportUnused() {
        for name in enums.keys.sorted() where !usedEnums.contains(name) {
            emit(Rules.unusedDeclaration, "enum '\(name)' is not used by any attribute", at: enums[name]!.name.location)
        }
        for name in transformers.keys.sorted() where !usedTransformers.contains(name) {
            emit(Rules.unusedDeclaration, "transformer '\(name)' is not used by any attribute", at: transformers[name]!.name.location)
        }
    }
}
