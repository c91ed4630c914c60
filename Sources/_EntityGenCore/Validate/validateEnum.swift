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
                guard let value = Self.integerValue(literal), (Int128(Int64.min)...Int128(Int64.max)).contains(value)
                else {
                    emit(Rules.invalidEnum, "raw value \(literal) of '\(name)' does not fit Int", at: raw.location)
                    continue
                }
                text = String(value)
            case (.string, _):
                emit(
                    Rules.invalidEnum,
                    "raw values of '\(name)' are text; quote \(raw.kindDescription) '\(enumCase.name.value)' or set rawType: Int",
                    at: raw.location)
                continue
            case (.int, _):
                emit(
                    Rules.invalidEnum, "raw values of '\(name)' are integers, not \(raw.kindDescription)",
                    at: raw.location)
                continue
            }
            if enumCase.nameIsDerived, rawType == .int {
                emit(
                    Rules.invalidEnum,
                    "integer cases of '\(name)' need names: write cases as a mapping, e.g. {low: 0, high: 1}",
                    at: raw.location)
                continue
            }
            if let first = rawValues[text] {
                emit(
                    Rules.invalidEnum,
                    "raw value '\(text)' of '\(name)' is already used at \(first.location.reference(from: raw.location))",
                    at: raw.location)
                continue
            }
            rawValues[text] = Located(text, at: raw.location)
            if enumCase.nameIsDerived {
                guard SwiftNaming.isUsable(enumCase.name.value) else {
                    emit(
                        Rules.invalidEnum,
                        "raw value '\(text)' of '\(name)' gives no Swift case name; write cases as a mapping, e.g. {someName: '\(text)'}",
                        at: raw.location)
                    continue
                }
            }
            guard checkMemberName(enumCase.name, kind: "case") else { continue }
            let swiftName = SwiftNaming.memberName(enumCase.name.value)
            if let first = caseNames[swiftName] {
                emit(
                    Rules.nameCollision,
                    "cases '\(enumCase.name.value)' and '\(first.value)' of '\(name)' both become '\(swiftName)'",
                    at: enumCase.name.location)
                continue
            }
            caseNames[swiftName] = enumCase.name
        }
        if let fallback = declaration.fallback, checkMemberName(fallback, kind: "fallback case") {
            if let clash = caseNames[SwiftNaming.memberName(fallback.value)] {
                emit(
                    Rules.invalidEnum,
                    "fallback '\(fallback.value)' of '\(name)' must be a new case for unknown values, but '\(clash.value)' is a listed case",
                    at: fallback.location)
            }
        }
    }
}
