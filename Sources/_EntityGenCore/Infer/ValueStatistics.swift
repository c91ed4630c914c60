import EntityGenRuntime

/// What the numbers at one place were: whether they are integers, which integer types hold them, whether
/// a `Double` keeps their value, and which number formats (epoch dates) all of them fit.
struct NumberStatistics {
    /// Numbers seen.
    var count = 0
    /// Integer literals (no fraction or exponent).
    var integers = 0
    /// Whether every integer literal fits `Int64`, `UInt64`.
    var fitsInt64 = true
    var fitsUInt64 = true
    /// Whether every literal reads back through a `Double` with its value (`Decimal` is needed otherwise).
    var doubleKeepsValue = true
    /// Whether every literal reads back through `Decimal` exactly.
    var decimalKeepsValue = true
    /// The integer formats every value so far had.
    var formats = Set(ValueFormat.numberFormats)

    mutating func observe(_ value: JSONValue) {
        count += 1
        let literal = value.numberLiteral() ?? "0"
        if value.isIntegerLiteral {
            integers += 1
            let signed = Int64(literal)
            if signed == nil { fitsInt64 = false }
            if UInt64(literal) == nil { fitsUInt64 = false }
            if !formats.isEmpty {
                let magnitude = signed.map(Double.init) ?? 0
                formats = formats.filter { $0.mayMatch(integer: magnitude) && $0.roundTrips(value) }
            }
        } else {
            formats = []
        }
        let exact = JSONNumberValue(literal)
        if doubleKeepsValue, !Self.doubleKeepsValue(value, exact) { doubleKeepsValue = false }
        // `Decimal` holds 38 digits with a power of ten in -128...127, exactly.
        if decimalKeepsValue,
            exact.digits.count > 38 || exact.exponent < -128 || exact.exponent + exact.digits.count > 127
        {
            decimalKeepsValue = false
        }
    }

    /// Whether a `Double` holds the literal: it has no more digits than a `Double` keeps (17 significant
    /// digits: `-65.613616999999977` is a double printed in full, and reads back as the same double), or
    /// the double written back is the same number.
    static func doubleKeepsValue(_ value: JSONValue, _ exact: JSONNumberValue) -> Bool {
        guard let double = value.double(), double.isFinite else { return false }
        if exact.digits.count <= 17 { return true }
        var writer = JSONWriter()
        writer.double(double)
        return JSONNumberValue(String(decoding: writer.bytes, as: UTF8.self)) == exact
    }

    mutating func absorb(_ other: NumberStatistics) {
        if other.count > 0 { formats = count == 0 ? other.formats : formats.intersection(other.formats) }
        count += other.count
        integers += other.integers
        fitsInt64 = fitsInt64 && other.fitsInt64
        fitsUInt64 = fitsUInt64 && other.fitsUInt64
        doubleKeepsValue = doubleKeepsValue && other.doubleKeepsValue
        decimalKeepsValue = decimalKeepsValue && other.decimalKeepsValue
    }
}

/// What the strings at one place were: the formats all of them had, and their distinct values while few
/// (for enums).
struct StringStatistics {
    /// Strings seen.
    var count = 0
    /// The formats every string so far had, with why the others were ruled out where that is worth
    /// saying (a lowercase UUID).
    var formats = Set(ValueFormat.stringFormats)
    /// Distinct values and their counts, while there are at most ``distinctLimit`` short ones.
    var distinct: [String: Int] = [:]
    /// Whether there were more distinct values than ``distinctLimit``, or a long or empty one.
    var manyValues = false
    /// Strings that hold a number (`"42"`, `"1.5"`): kept as text, since `numberFromString` writes numbers.
    var numeric = 0
    /// Strings that read as a UUID in any case (when ``ValueFormat/uuid`` was ruled out by their case).
    var anyCaseUUIDs = 0

    /// Distinct values an enum may have.
    static let distinctLimit = 24
    /// The longest text an enum value may be.
    static let enumValueLengthLimit = 32

    mutating func observe(_ value: JSONValue, key: String?) {
        count += 1
        let text = value.string() ?? ""
        if !formats.isEmpty { formats = formats.filter { $0.mayMatch(text) && $0.roundTrips(value) } }
        if !manyValues {
            if text.isEmpty || text.utf8.count > Self.enumValueLengthLimit {
                manyValues = true
                distinct = [:]
            } else {
                distinct[text, default: 0] += 1
                if distinct.count > Self.distinctLimit {
                    manyValues = true
                    distinct = [:]
                }
            }
        }
        if Double(text) != nil, text.first.map({ $0.isNumber || $0 == "-" }) == true { numeric += 1 }
        if text.utf8.count == 36, UUIDTransformerProbe.isUUID(text) { anyCaseUUIDs += 1 }
    }

    mutating func absorb(_ other: StringStatistics) {
        if other.count == 0 { return }
        formats = count == 0 ? other.formats : formats.intersection(other.formats)
        count += other.count
        numeric += other.numeric
        anyCaseUUIDs += other.anyCaseUUIDs
        if manyValues || other.manyValues {
            manyValues = true
            distinct = [:]
            return
        }
        distinct.merge(other.distinct, uniquingKeysWith: +)
        if distinct.count > Self.distinctLimit {
            manyValues = true
            distinct = [:]
        }
    }
}

/// Whether text is a UUID whatever its case (the runtime's `UUID` writes upper case only).
enum UUIDTransformerProbe {
    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                if byte != UInt8(ascii: "-") { return false }
            } else if !(byte >= 0x30 && byte <= 0x39) && !(byte >= 0x41 && byte <= 0x46)
                && !(byte >= 0x61 && byte <= 0x66)
            {
                return false
            }
        }
        return true
    }
}
