/// Unread keys inside an object a member already reads into (`license.url` beside
/// `licenseName: {type: String?, key: license.name}`): `infer --update` adds each as an attribute with
/// the key path, named after the path (`licenseUrl: {type: URL?, key: license.url}`), typed as the
/// samples' objects on that path are inferred.
extension SchemaUpdate {
    /// The member the samples' inferred `entity` has at the dotted unread `key`, reached through to-one
    /// relationships to the entities inferred for the objects on the way, named after the path (the
    /// relationships' names, then the member's, in lower camel case) and reading it through
    /// ``InferredSchema/Member/keyPath``; `nil` when a step is not such a relationship (an array, a map,
    /// a family), or the key is a plucked array's (`[]`), which a person maps.
    static func nestedMember(
        at key: String, of entity: InferredSchema.Entity, in schema: InferredSchema
    ) -> InferredSchema.Member? {
        guard !key.contains("[]") else { return nil }
        let components = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard components.count > 1, !components.contains(where: \.isEmpty) else { return nil }
        var current = entity
        var names: [String] = []
        for component in components.dropLast() {
            guard let step = current.relationships.first(where: { $0.jsonKey == component }), !step.isReference,
                let target = schema.entities.first(where: { $0.name == Self.toOneTarget(step.type) }),
                !target.isAbstract, target.extends == nil
            else { return nil }
            names.append(step.name)
            current = target
        }
        guard var member = (current.attributes + current.relationships).first(where: { $0.jsonKey == components.last })
        else { return nil }
        names.append(member.name)
        member.name = SwiftNaming.memberName(names.joined(separator: "_"))
        member.jsonKey = key
        member.keyPath = components
        return member
    }

    /// The entity a to-one relationship's type names (`License?`: `License`); `nil` for an array's or a
    /// map's (`'[Tag]'`, `{String: Tag}`).
    private static func toOneTarget(_ type: String) -> String? {
        guard let first = type.first, first.isLetter else { return nil }
        return type.hasSuffix("?") ? String(type.dropLast()) : type
    }
}
