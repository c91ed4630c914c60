/// A reference an API may send expanded (Stripe's expandable fields, JSON:API's included resources):
/// the target's identifier (`"cus_1"`), or the whole target object carrying it (`{"id": "cus_1", ...}`).
/// Declared in a schema with `reference: true` and `expandable: true` on a relationship; written back in
/// the form it was read.
public enum Expandable<Target: JSONMappable & Identifiable & Hashable>: Hashable, Sendable
where Target.ID: Hashable & Sendable {
    /// Only the identifier was sent.
    case reference(EntityReference<Target>)
    /// The whole object was sent.
    case expanded(Target)

    /// The target's identifier, whichever form was sent.
    public var id: Target.ID {
        switch self {
        case let .reference(reference): return reference.id
        case let .expanded(target): return target.id
        }
    }

    /// The object, when it was sent expanded.
    public var expanded: Target? {
        if case let .expanded(target) = self { return target }
        return nil
    }
}

/// Which form an expandable reference's JSON value is in: the one rule generated mappers and
/// `entitygen check` both follow.
public enum ExpandableForm {
    /// An object is the expanded target; anything else is its identifier.
    @inlinable public static func isExpanded(_ value: JSONValue) -> Bool { value.kind == .object }
}

/// Reads and writes an ``Expandable``: an object through the target's mapper, anything else through the
/// identifier's transformer.
public struct ExpandableTransformer<Target: JSONMappable & Identifiable & Hashable, IDTransformer: JSONTransformer>:
    JSONTransformer
where Target.ID: Hashable & Sendable, IDTransformer.Value == Target.ID {
    @usableFromInline let identifier: IDTransformer

    /// Creates the transformer from the identifier's transformer.
    @inlinable public init(_ identifier: IDTransformer) {
        self.identifier = identifier
    }

    @inlinable public func decode(
        _ value: JSONValue, context: inout MappingContext
    ) throws(TransformFailure) -> Expandable<Target> {
        guard ExpandableForm.isExpanded(value) else {
            return .reference(EntityReference(try identifier.decode(value, context: &context)))
        }
        return .expanded(try EntityTransformer<Target>().decode(value, context: &context))
    }

    public func encode(_ value: Expandable<Target>, to writer: inout JSONWriter) {
        switch value {
        case let .reference(reference): identifier.encode(reference.id, to: &writer)
        case let .expanded(target): target.writeJSON(to: &writer)
        }
    }
}
