/// The constraint values of an attribute, derived once from its declaration: the translator prints them
/// as Swift, the interpreter builds runtime constraints from them, so both check the same things.
struct ConstraintValues {
    var minimum: Double?
    var maximum: Double?
    var minLength: Int?
    var maxLength: Int?
    var pattern: String?
    var oneOf: [String]?

    init(_ declaration: ConstraintsDeclaration) {
        minimum = declaration.minimum.flatMap(SchemaValidator.numericValue)
        maximum = declaration.maximum.flatMap(SchemaValidator.numericValue)
        minLength = declaration.minLength.flatMap(SchemaValidator.numericValue).map { Int($0) }
        maxLength = declaration.maxLength.flatMap(SchemaValidator.numericValue).map { Int($0) }
        pattern = declaration.pattern?.value
        if case let .sequence(values)? = declaration.oneOf?.kind {
            oneOf = values.compactMap { value -> String? in
                switch value.scalar {
                case let .string(text)?, let .integer(text)?, let .float(text)?: return text
                case let .bool(flag)?: return flag ? "true" : "false"
                default: return nil
                }
            }
        }
    }
}
