/// A polymorphic family (an abstract entity) as the renderers print it: an enum with one case per
/// concrete descendant, dispatched on the discriminator.
struct FamilyPlan: Sendable {
    /// A concrete member of the family.
    struct Member: Sendable {
        /// The enum case name (escaped).
        var caseName: String
        /// The member's Swift type.
        var typeName: String
        /// The member's schema name.
        var entityName: String
        /// Its discriminator value.
        var value: String
    }

    /// An attribute every member shares: a computed property over the members.
    struct SharedAttribute: Sendable {
        /// The property name as written in code.
        var identifier: String
        /// Its type, optional included.
        var type: TypeUsage
    }

    /// The enum's Swift name.
    var typeName: String
    /// The abstract entity's schema name.
    var schemaName: String
    /// Doc comment text.
    var documentation: String?
    /// The abstract entity's declaration.
    var location: SourceLocation
    /// The key path of the discriminator in JSON.
    var discriminatorKey: [String]
    /// The members, sorted by case name.
    var members: [Member]
    /// The attributes every member has, as computed properties.
    var shared: [SharedAttribute]
    /// The identity's type when the family is identified by one attribute.
    var identityType: TypeUsage?
}
