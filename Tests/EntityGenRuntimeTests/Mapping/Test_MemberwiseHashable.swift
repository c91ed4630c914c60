import EntityGenRuntime
import Testing

/// The `Hashable` conformance generated models use: `==` and `hash(into:)` from the listed members,
/// meaning what the synthesized conformance means.
@Suite struct Test_MemberwiseHashable {
    /// Written the way the generator writes a model.
    struct Model: Sendable, MemberwiseHashable {
        var name: String
        var score: Double?
        var tags: [String]
        var next: Model? {
            get { _next?.value }
            set { _next = Indirect<Model>.box(newValue) }
        }
        private var _next: Indirect<Model>?

        init(name: String, score: Double? = nil, tags: [String] = [], next: Model? = nil) {
            self.name = name
            self.score = score
            self.tags = tags
            _next = Indirect<Model>.box(next)
        }

        static func _membersEqual(_ lhs: Model, _ rhs: Model) -> Bool {
            guard _equal(lhs.name, rhs.name),
                _equal(lhs.score, rhs.score),
                _equal(lhs.tags, rhs.tags),
                _equal(lhs._next, rhs._next)
            else { return false }
            return true
        }

        func _hashMembers(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(score)
            hasher.combine(tags)
            hasher.combine(_next)
        }
    }

    /// The same members with the compiler's synthesized conformance, as the reference.
    struct Synthesized: Hashable {
        var name: String
        var score: Double?
        var tags: [String]
        var next: Indirect<Model>?
    }

    static let samples: [Model] = [
        Model(name: "a"), Model(name: "a", score: 1), Model(name: "a", score: .nan), Model(name: "b"),
        Model(name: "a", tags: ["x"]), Model(name: "a", tags: ["x", "y"]), Model(name: "a", next: Model(name: "a")),
        Model(name: "a", next: Model(name: "b")), Model(name: "a", next: Model(name: "a", next: Model(name: "c"))),
    ]

    static func synthesized(_ model: Model) -> Synthesized {
        Synthesized(name: model.name, score: model.score, tags: model.tags, next: Indirect<Model>.box(model.next))
    }

    @Test func equalityIsTheSynthesizedOne() {
        for lhs in Self.samples {
            for rhs in Self.samples {
                #expect((lhs == rhs) == (Self.synthesized(lhs) == Self.synthesized(rhs)), "\(lhs) vs \(rhs)")
            }
            // Copies are equal (NaN aside, as with the synthesized conformance), and so are rebuilt values.
            let rebuilt = Model(name: lhs.name, score: lhs.score, tags: lhs.tags, next: lhs.next)
            #expect((lhs == rebuilt) == !(lhs.score?.isNaN ?? false))
        }
        #expect(
            Self.samples.indices.allSatisfy { index in
                Self.samples.indices.filter { Self.samples[$0] == Self.samples[index] } == [index]
                    || Self.samples[index].score?.isNaN == true
            })
    }

    @Test func hashingAgreesWithEquality() {
        for lhs in Self.samples {
            for rhs in Self.samples where lhs == rhs {
                #expect(lhs.hashValue == rhs.hashValue)
            }
            let copy = Model(name: lhs.name, score: lhs.score, tags: lhs.tags, next: lhs.next)
            #expect(lhs.hashValue == copy.hashValue)
        }
        // Distinct values hash apart (with this many, a collision would mean members are ignored).
        let distinct = Self.samples.filter { $0.score?.isNaN != true }
        #expect(Set(distinct.map(\.hashValue)).count == distinct.count)
        #expect(Set(distinct).count == distinct.count)
    }

    /// A model's own `==` wins over the protocol's, so a human file can still define equality.
    struct ByName: MemberwiseHashable {
        var name: String
        var note: String

        static func == (lhs: ByName, rhs: ByName) -> Bool { lhs.name == rhs.name }
        static func _membersEqual(_ lhs: ByName, _ rhs: ByName) -> Bool {
            _equal(lhs.name, rhs.name) && _equal(lhs.note, rhs.note)
        }
        func _hashMembers(into hasher: inout Hasher) { hasher.combine(name) }
    }

    @Test func aModelsOwnEqualityTakesPrecedence() {
        #expect(ByName(name: "a", note: "x") == ByName(name: "a", note: "y"))
        #expect(Set([ByName(name: "a", note: "x"), ByName(name: "a", note: "y")]).count == 1)
    }

    @Test func boxesOfOptionalValues() {
        #expect(Indirect<Model>.box(nil) == nil)
        let box = Indirect<Model>.box(Model(name: "a"))
        #expect(box?.value == Model(name: "a"))
        var model = Model(name: "root")
        model.next = Model(name: "child")
        model.next?.name = "renamed"
        #expect(model.next?.name == "renamed")
        model.next = nil
        #expect(model.next == nil)
    }
}
