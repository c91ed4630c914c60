/// `Hashable` through a list of members: the conformance generated models use.
///
/// A model lists its stored properties in `_membersEqual(_:_:)` (through `_equal(_:_:)`) and
/// `_hashMembers(into:)`; this protocol supplies `==` and `hash(into:)` from them. The meaning is that
/// of the conformance the compiler would synthesize: equal when every stored property is equal, hashed
/// from every stored property in declaration order.
///
/// Why not let the compiler synthesize it: the synthesized `==` expands every optional property's
/// comparison inline, which made it the largest function of a generated file in a debug build. Here
/// each property costs one generic call, and the function half as much.
///
/// A model's own `==` or `hash(into:)` (in the human file) takes precedence over these, as with any
/// protocol extension.
public protocol MemberwiseHashable: Hashable {
    /// Whether every stored property of `lhs` equals the one of `rhs`.
    static func _membersEqual(_ lhs: Self, _ rhs: Self) -> Bool

    /// Feeds every stored property to `hasher`, in declaration order.
    func _hashMembers(into hasher: inout Hasher)
}

extension MemberwiseHashable {
    /// Equal when every stored property is equal.
    @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
        _membersEqual(lhs, rhs)
    }

    /// Hashes every stored property.
    @inlinable public func hash(into hasher: inout Hasher) {
        _hashMembers(into: &hasher)
    }

    /// Compares one member: a single generic call per property in generated code, where an inline
    /// `a.x == b.x` on an optional expands into a switch over both values.
    @inlinable public static func _equal<Member: Hashable>(_ lhs: Member, _ rhs: Member) -> Bool {
        lhs == rhs
    }
}
