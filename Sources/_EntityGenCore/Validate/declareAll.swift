extension SchemaValidator {
    /// Records every entity, enum, transformer and feed, reporting unusable and duplicate names. Entities,
    /// enums and feeds share the type namespace; transformers have their own.
    mutating func declareAll() {
        var typeNames: [String: Located<String>] = [:]  // Swift type name -> first declaration's name
        var foldedTypeNames: [String: Located<String>] = [:]  // the same, lowercased
        var transformerNames: [String: Located<String>] = [:]

        func declareType(_ name: Located<String>, kind: String, _ validator: inout SchemaValidator) -> Bool {
            guard validator.checkTypeName(name, kind: kind) else { return false }
            let swiftName = SwiftNaming.typeName(name.value)
            if typeNames[swiftName] == nil, let first = foldedTypeNames[swiftName.lowercased()] {
                // `Item` and `ITEM`: distinct in Swift, but one table in SQLite (which ignores case in
                // names) and one human file on a case-insensitive file system (macOS's default).
                validator.emit(
                    Rules.nameCollision,
                    "\(kind) '\(name.value)' and '\(first.value)' (\(first.location.reference(from: name.location))) differ only in case: SQLite tables and files on case-insensitive file systems would be one",
                    at: name.location)
                return false
            }
            if let first = typeNames[swiftName] {
                if first.value == name.value {
                    validator.emit(
                        Rules.duplicateDeclaration,
                        "'\(name.value)' is already declared at \(first.location.reference(from: name.location))",
                        at: name.location)
                } else {
                    validator.emit(
                        Rules.nameCollision,
                        "\(kind) '\(name.value)' and '\(first.value)' (\(first.location.reference(from: name.location))) both become the Swift type '\(swiftName)'",
                        at: name.location)
                }
                return false
            }
            typeNames[swiftName] = name
            foldedTypeNames[swiftName.lowercased()] = name
            return true
        }

        for file in files {
            for entity in file.entities where declareType(entity.name, kind: "entity", &self) {
                entities[entity.name.value] = entity
                entityFiles[entity.name.value] = file
            }
            for enumeration in file.enums where declareType(enumeration.name, kind: "enum", &self) {
                enums[enumeration.name.value] = enumeration
            }
            for feed in file.feeds where declareType(feed.name, kind: "feed", &self) {
                feeds[feed.name.value] = feed
            }
            for transformer in file.transformers {
                guard checkTypeName(transformer.name, kind: "transformer") else { continue }
                if BuiltinTransformer(rawValue: transformer.name.value) != nil {
                    emit(
                        Rules.reservedName,
                        "'\(transformer.name.value)' is a built-in transformer; name yours differently",
                        at: transformer.name.location)
                    continue
                }
                if let first = transformerNames[transformer.name.value] {
                    emit(
                        Rules.duplicateDeclaration,
                        "transformer '\(transformer.name.value)' is already declared at \(first.location.reference(from: transformer.name.location))",
                        at: transformer.name.location)
                    continue
                }
                transformerNames[transformer.name.value] = transformer.name
                transformers[transformer.name.value] = transformer
                if let swiftType = transformer.swiftType {
                    checkSwiftTypeReference(swiftType)
                }
            }
        }
        // A custom transformer's Swift type must not be one of the schema's own types: `type: X` would
        // then mean two things.
        for transformer in transformers.values.sorted(by: { $0.name.value < $1.name.value }) {
            if let swiftType = transformer.swiftType, typeNames[swiftType.value] != nil {
                emit(
                    Rules.nameCollision,
                    "transformer '\(transformer.name.value)' produces '\(swiftType.value)', which the schema also declares",
                    at: swiftType.location)
            }
        }
    }

    /// Reports a type name that cannot be used; returns whether it can.
    mutating func checkTypeName(_ name: Located<String>, kind: String) -> Bool {
        guard SwiftNaming.isUsable(name.value) else {
            emit(
                Rules.invalidName,
                "\(kind) name '\(name.value)' is not usable in Swift: start with a letter, then letters, digits, '_' or '-'",
                at: name.location)
            return false
        }
        let swiftName = SwiftNaming.typeName(name.value)
        if GeneratedNames.reservedTypeNames.contains(swiftName) {
            emit(
                Rules.reservedName,
                "\(kind) name '\(name.value)' is a type generated code declares in every model (or the database type); try '\(swiftName)Model' or a more specific name",
                at: name.location)
            return false
        }
        if SwiftKeywords.reservedTypeNames.contains(swiftName) || SwiftKeywords.unusableMemberNames.contains(swiftName)
            || SwiftKeywords.escapable.contains(swiftName)
        {
            emit(
                Rules.reservedName,
                "\(kind) name '\(name.value)' is reserved (a built-in or Swift type name); try '\(swiftName)Model' or a more specific name",
                at: name.location)
            return false
        }
        return true
    }

    /// A custom transformer's `swiftType`: a possibly module-qualified type name (`Color`, `UIKit.UIColor`).
    mutating func checkSwiftTypeReference(_ type: Located<String>) {
        let parts = type.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.isEmpty || parts.contains(where: { !SwiftNaming.isUsable($0) || $0.contains("-") }) {
            emit(Rules.invalidName, "'\(type.value)' is not a Swift type name", at: type.location)
        }
    }

    /// Reports a member (attribute, relationship, enum case) name that cannot be used; returns whether it can.
    mutating func checkMemberName(_ name: Located<String>, kind: String) -> Bool {
        guard SwiftNaming.isUsable(name.value) else {
            let hint = " ('\(name.value)' can still be the JSON key: write it under 'key:')"
            emit(
                Rules.invalidName,
                "\(kind) name '\(name.value)' is not usable in Swift: start with a letter, then letters, digits, '_' or '-'\(hint)",
                at: name.location)
            return false
        }
        let swiftName = SwiftNaming.memberName(name.value)
        let suggestion = SwiftNaming.suggestion(forMember: swiftName)
        let keepKey = "and keep the JSON key with 'key: \(name.value)'"
        // Why a name is reserved, by the table that reserves it (first match wins).
        let reservations: [(names: Set<String>, reason: String)] = [
            (SwiftKeywords.unusableMemberNames, "cannot be used in Swift even with backticks; try '\(suggestion)'"),
            (
                GeneratedNames.reservedMemberNames,
                "is a member generated persistence code declares; rename it (e.g. '\(suggestion)') \(keepKey)"
            ),
            (
                SwiftKeywords.conformanceMemberNames,
                "shadows the '\(swiftName)' every model has; rename it (e.g. '\(suggestion)') \(keepKey)"
            ),
        ]
        if let reservation = reservations.first(where: { $0.names.contains(swiftName) }) {
            emit(Rules.reservedName, "\(kind) name '\(name.value)' \(reservation.reason)", at: name.location)
            return false
        }
        return true
    }
}
