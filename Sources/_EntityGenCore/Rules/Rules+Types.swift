extension Rules {
    static let typeRules = [
        unknownType, unknownTransformer, transformerMismatch, invalidDateFormat, invalidDefault, invalidConstraint,
        invalidPattern, invalidEnum,
    ]

    /// A type name that is neither built in, nor an enum, nor a custom transformer's type.
    public static let unknownType = RuleDescription(
        id: "unknown-type",
        summary: "Types are built in (String, Int64, Date...), enums, or a custom transformer's Swift type.",
        triggering: [RuleExample("entities:\n  Pod:\n    attributes:\n      name: ↓Strin\n")],
        nonTriggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      name: String\n      size: UInt32\n      price: Decimal\n      id: UUID\n      blob: Data\n      homepage: URL\n      created: Date\n"
            )
        ]
    )

    /// A transformer name that is neither built in nor declared.
    public static let unknownTransformer = RuleDescription(
        id: "unknown-transformer",
        summary:
            "A transformer is built in (iso8601, epochSeconds, numberFromString...) or declared under 'transformers'.",
        triggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      created:\n        type: Date\n        transformer: ↓iso8061\n"
            )
        ],
        nonTriggering: [
            RuleExample(
                "transformers:\n  HexColor:\n    swiftType: Color\n    json: string\nentities:\n  Pod:\n    attributes:\n      created:\n        type: Date\n        transformer: iso8601\n      tint:\n        transformer: HexColor\n"
            )
        ]
    )

    /// A transformer applied to a type it does not produce.
    public static let transformerMismatch = RuleDescription(
        id: "transformer-mismatch",
        summary:
            "A transformer must produce the attribute's (element) type: epochSeconds makes Dates, numberFromString numbers.",
        triggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      name:\n        type: String\n        transformer: ↓epochSeconds\n"
            ),
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      name:\n        type: String\n        dateFormat: ↓yyyy\n"),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      heights:\n        type: [Double]\n        transformer: numberFromString\n      seen:\n        type: Date\n        transformer: epochMilliseconds\n"
            )
        ]
    )

    /// A date pattern that cannot be a Unicode date format.
    public static let invalidDateFormat = RuleDescription(
        id: "invalid-date-format",
        summary:
            "dateFormat uses the pattern letters DateFormatter reads (yyyy, not the week-based YYYY; dd, not the day of year DD); literal text goes in single quotes.",
        triggering: [
            RuleExample(
                "entities:\n  Tweet:\n    attributes:\n      created:\n        type: Date\n        dateFormat: ↓\"yyyy-MM-dd'T\"\n"
            ),
            RuleExample(
                "entities:\n  Tweet:\n    attributes:\n      created:\n        type: Date\n        dateFormat: ↓\"yyyy-MM-dd i\"\n"
            ),
            RuleExample(
                "entities:\n  Issue:\n    attributes:\n      due:\n        type: Date\n        dateFormat: ↓YYYY-MM-DD\n"
            ),
            RuleExample(
                "entities:\n  Issue:\n    attributes:\n      due:\n        type: Date\n        dateFormat: ↓yyyy-MM-DD\n"
            ),
            RuleExample(
                "entities:\n  Issue:\n    attributes:\n      due:\n        type: Date\n        dateFormat: ↓\"yyyy-MM-dd jj:mm\"\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Tweet:\n    attributes:\n      created:\n        type: Date\n        dateFormat: EEE MMM dd HH:mm:ss Z yyyy\n      day:\n        type: Date\n        dateFormat: \"yyyy-MM-dd'T'HH:mm\"\n      week:\n        type: Date\n        dateFormat: YYYY-'W'ww-e\n      ordinal:\n        type: Date\n        dateFormat: yyyy-DDD\n"
            )
        ]
    )

    /// A default of the wrong type or out of range.
    public static let invalidDefault = RuleDescription(
        id: "invalid-default",
        summary: "A default must be a value of the attribute's type (quote text that looks like a number).",
        triggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      name:\n        type: String\n        default: ↓42\n"),
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      level:\n        type: UInt8\n        default: ↓300\n"),
            RuleExample(
                "enums:\n  Platform:\n    cases: [ios, osx]\nentities:\n  Pod:\n    attributes:\n      platform:\n        type: Platform\n        default: ↓android\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "enums:\n  Platform:\n    cases: [ios, osx]\nentities:\n  Pod:\n    attributes:\n      name:\n        type: String\n        default: \"42\"\n      level:\n        type: UInt8\n        default: 255\n      platform:\n        type: Platform\n        default: ios\n      tags:\n        type: [String]\n        default: []\n      since:\n        type: Date\n        default: 2014-03-07T07:00:00Z\n      ratio:\n        type: Double\n        default: 1\n"
            )
        ]
    )

    /// A constraint that does not fit the type, or bounds that exclude everything.
    public static let invalidConstraint = RuleDescription(
        id: "invalid-constraint",
        summary:
            "minimum/maximum bound numbers, minLength/maxLength bound text and collections, oneOf lists values of the type; bounds must leave room.",
        triggering: [
            RuleExample("entities:\n  Pod:\n    attributes:\n      name:\n        type: String\n        minimum: ↓1\n"),
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      age:\n        type: Int\n        minimum: 10\n        maximum: ↓5\n"
            ),
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      kind:\n        type: String\n        oneOf: [lib, ↓3]\n"),
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      age:\n        type: Int\n        minimum: 0\n        maximum: 150\n      name:\n        type: String\n        minLength: 1\n        maxLength: 64\n      kind:\n        type: String\n        oneOf: [lib, app]\n"
            )
        ]
    )

    /// A regular expression that does not compile.
    public static let invalidPattern = RuleDescription(
        id: "invalid-pattern",
        summary: "pattern must be a valid regular expression (ICU syntax) on a String attribute.",
        triggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      version:\n        type: String\n        pattern: ↓\"[0-9+\"\n"
            )
        ],
        nonTriggering: [
            RuleExample(
                "entities:\n  Pod:\n    attributes:\n      version:\n        type: String\n        pattern: \"[0-9]+(\\\\.[0-9]+)*\"\n"
            )
        ]
    )

    /// An enum whose cases cannot be generated or read unambiguously.
    public static let invalidEnum = RuleDescription(
        id: "invalid-enum",
        summary:
            "Enum raw values are unique and of the raw type; case names derive from raw values or are given; the fallback is a new case name.",
        triggering: [
            RuleExample(
                "enums:\n  Platform:\n    cases: [ios, osx, ↓ios]\nentities:\n  Pod:\n    attributes:\n      platform: Platform\n"
            ),
            RuleExample(
                "enums:\n  Priority:\n    rawType: Int\n    cases: {low: 0, high: ↓high}\nentities:\n  Task:\n    attributes:\n      priority: Priority\n"
            ),
            RuleExample(
                "enums:\n  Platform:\n    cases: [ios, osx]\n    fallback: ↓ios\nentities:\n  Pod:\n    attributes:\n      platform: Platform\n"
            ),
        ],
        nonTriggering: [
            RuleExample(
                "enums:\n  Platform:\n    cases: {ios: iOS, macos: osx, tvos: tvOS}\n    fallback: unknown\n  Priority:\n    rawType: Int\n    cases: {low: 0, high: 10}\nentities:\n  Pod:\n    attributes:\n      platform: Platform\n      priority: Priority\n"
            )
        ]
    )
}
