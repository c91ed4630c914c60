import EntityGenRuntime

/// The scalar types the schema language has built in.
public enum BuiltinType: String, CaseIterable, Hashable, Sendable {
    case string = "String", bool = "Bool", int = "Int"
    case int8 = "Int8", int16 = "Int16", int32 = "Int32", int64 = "Int64"
    case uint = "UInt", uint8 = "UInt8", uint16 = "UInt16", uint32 = "UInt32", uint64 = "UInt64"
    case double = "Double", float = "Float", decimal = "Decimal"
    case date = "Date", url = "URL", uuid = "UUID", data = "Data"
    /// Any JSON value, kept exactly (EntityGenRuntime's `AnyJSON`): for members with no single shape.
    case anyJSON = "AnyJSON"

    /// Names other languages and formats use for this type (`Datetime`, `Integer`), lowercased: an
    /// unknown type that is one of them is told which type to write.
    public var aliases: [String] {
        switch self {
        case .string: return ["str", "text", "varchar", "char"]
        case .bool: return ["boolean"]
        case .int: return ["integer", "long", "number"]
        case .double: return ["real", "float64", "numeric"]
        case .float: return ["float32"]
        case .date: return ["datetime", "timestamp", "time", "instant", "date-time"]
        case .url: return ["uri", "link"]
        case .uuid: return ["guid"]
        case .data: return ["bytes", "blob", "binary", "byte"]
        case .anyJSON: return ["json", "any", "jsonvalue", "jsonany", "object"]
        case .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64, .decimal: return []
        }
    }

    /// The type an alias names (`Datetime` -> `Date`), ignoring case.
    public static func aliased(_ name: String) -> BuiltinType? {
        let folded = name.lowercased()
        return allCases.first { $0.aliases.contains(folded) }
    }

    /// Whether the type is an integer type.
    public var isInteger: Bool { integerRange != nil }

    /// Whether the type is numeric (integer, floating point or decimal).
    public var isNumeric: Bool { isInteger || self == .double || self == .float || self == .decimal }

    /// The representable range of an integer type, as wide integers; `nil` for other types.
    public var integerRange: ClosedRange<Int128>? {
        switch self {
        case .int, .int64: return Int128(Int64.min)...Int128(Int64.max)
        case .int8: return Int128(Int8.min)...Int128(Int8.max)
        case .int16: return Int128(Int16.min)...Int128(Int16.max)
        case .int32: return Int128(Int32.min)...Int128(Int32.max)
        case .uint, .uint64: return 0...Int128(UInt64.max)
        case .uint8: return 0...Int128(UInt8.max)
        case .uint16: return 0...Int128(UInt16.max)
        case .uint32: return 0...Int128(UInt32.max)
        case .string, .bool, .double, .float, .decimal, .date, .url, .uuid, .data, .anyJSON: return nil
        }
    }

    /// The transformer used when the schema names none.
    public var defaultTransformer: BuiltinTransformer? {
        switch self {
        case .date: return .iso8601
        case .url: return .url
        case .data: return .base64
        case .string, .bool, .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64, .double,
            .float,
            .decimal, .uuid, .anyJSON:
            return nil
        }
    }
}

extension BuiltinType {
    /// The runtime transformer that reads the type the plain way (no transformer named, or the type's
    /// default one): the one table of these, like ``BuiltinTransformer/descriptor`` for named ones.
    var plainTransformer: RuntimeTransformer {
        switch self {
        case .string: return RuntimeTransformer("StringTransformer")
        case .bool: return RuntimeTransformer("BoolTransformer")
        case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64:
            return RuntimeTransformer("IntegerTransformer", genericArgument: self)
        case .double: return RuntimeTransformer("DoubleTransformer")
        case .float: return RuntimeTransformer("FloatTransformer")
        case .decimal: return RuntimeTransformer("DecimalTransformer")
        case .date: return BuiltinTransformer.iso8601.descriptor.runtime(self)
        case .url: return RuntimeTransformer("URLTransformer")
        case .uuid: return RuntimeTransformer("UUIDTransformer")
        case .data: return RuntimeTransformer("Base64Transformer")
        case .anyJSON: return RuntimeTransformer("AnyJSONTransformer")
        }
    }

    /// ``plainTransformer`` as a value, for the interpreter.
    func instantiatePlainTransformer() -> any JSONTransformer {
        switch self {
        case .string: return StringTransformer()
        case .bool: return BoolTransformer()
        case .int: return IntegerTransformer<Int>()
        case .int8: return IntegerTransformer<Int8>()
        case .int16: return IntegerTransformer<Int16>()
        case .int32: return IntegerTransformer<Int32>()
        case .int64: return IntegerTransformer<Int64>()
        case .uint: return IntegerTransformer<UInt>()
        case .uint8: return IntegerTransformer<UInt8>()
        case .uint16: return IntegerTransformer<UInt16>()
        case .uint32: return IntegerTransformer<UInt32>()
        case .uint64: return IntegerTransformer<UInt64>()
        case .double: return DoubleTransformer()
        case .float: return FloatTransformer()
        case .decimal: return DecimalTransformer()
        case .date: return BuiltinTransformer.iso8601.descriptor.instantiate(self)
        case .url: return URLTransformer()
        case .uuid: return UUIDTransformer()
        case .data: return Base64Transformer()
        case .anyJSON: return AnyJSONTransformer()
        }
    }

    /// The runtime's direct entry points for the type read and written the plain way.
    var directAccess: DirectAccess {
        switch self {
        case .string: return DirectAccess(required: "string", optional: "optionalString")
        case .bool: return DirectAccess(required: "bool", optional: "optionalBool")
        case .int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64:
            return DirectAccess(required: "integer", optional: "optionalInteger", typeArgument: .builtin(self))
        case .double: return DirectAccess(required: "double", optional: "optionalDouble")
        case .float: return DirectAccess(required: "float", optional: "optionalFloat")
        case .decimal: return DirectAccess(required: "decimal", optional: "optionalDecimal")
        case .date: return DirectAccess(required: "iso8601Date", optional: "optionalISO8601Date")
        case .url: return DirectAccess(required: "url", optional: "optionalURL")
        case .uuid: return DirectAccess(required: "uuid", optional: "optionalUUID")
        case .data: return DirectAccess(required: "base64Data", optional: "optionalBase64Data")
        case .anyJSON: return DirectAccess(required: "anyJSON", optional: "optionalAnyJSON")
        }
    }
}
