extension SchemaValidator {
    /// Warns about enums and custom transformers no attribute uses.
    mutating func reportUnused() {
        for name in enums.keys.sorted() where !usedEnums.contains(name) {
            emit(Rules.unusedDeclaration, "enum '\(name)' is not used by any attribute", at: enums[name]!.name.location)
        }
        for name in transformers.keys.sorted() where !usedTransformers.contains(name) {
            emit(
                Rules.unusedDeclaration, "transformer '\(name)' is not used by any attribute",
                at: transformers[name]!.name.location)
        }
    }
}
