import Foundation
import GRDB

/// `entitygen_decimal`: the collation of every `Decimal` column, which makes SQLite compare and sort the
/// decimal text stored there by number, exactly.
///
/// A `Decimal` is stored as GRDB stores one, its text (`19.99`), so that no digit is lost (a `REAL`
/// keeps about 15). In a plain text column GRDB's requests would compare that text as text: `"9.99" >
/// "10"`, and `order(Columns.price)` would sort `10` before `9.99`. With this collation the comparison
/// is numeric whatever binds the other side: GRDB's `Decimal` (text), an `Int` or a `Double` (SQLite
/// turns them into text for a text column), so `filter(Columns.price > Decimal(10))`,
/// `filter(Columns.price == 9.99)`, `order(Columns.price)`, `max(Columns.price)` and an identity's
/// unique index all work by number (`10` and `10.0` are the same value). Text that is not a number sorts
/// after every number, by its bytes.
///
/// Every connection that compares or sorts such a column needs the collation: connections opened with
/// ``EntityGenConfiguration/prepared(_:)`` (as the generated `openDatabase` does) have it, and generated
/// migrations register it before they create such a column. Elsewhere (another tool, a connection
/// configured without it), SQLite says `no such collation sequence: entitygen_decimal`; reading the
/// column still works, and `CAST(price AS REAL)` sorts approximately.
public enum DecimalCollation {
    /// The collation's name in SQL.
    public static let name = "entitygen_decimal"

    /// The collation, for `Database.add(collation:)` and GRDB's `ColumnDefinition.collate(_:)`.
    public static let collation = DatabaseCollation(name) { compare($0, $1) }

    /// Adds the collation to a connection that lacks it (one not configured with
    /// ``EntityGenConfiguration/prepared(_:)``); the importer does this before each page, so an import
    /// works on any connection. Call it outside statements being stepped (SQLite refuses to change a
    /// collation then).
    public static func register(in db: Database) throws {
        // `PRAGMA collation_list` is no test: it also lists a collation the schema names but nobody
        // registered. Preparing a comparison that uses it is.
        do {
            _ = try db.cachedStatement(sql: "SELECT '' < '' COLLATE \(name)")
        } catch {
            db.add(collation: collation)
        }
    }

    /// Compares two texts as the collation does: numbers by value, then other text by its bytes.
    public static func compare(_ left: String, _ right: String) -> ComparisonResult {
        var left = left
        var right = right
        return left.withUTF8 { left in right.withUTF8 { right in compare(left, right) } }
    }

    /// Compares two texts' UTF-8 bytes: numbers by value, then other text by its bytes.
    public static func compare(
        _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>
    )
        -> ComparisonResult
    {
        switch (DecimalText(left), DecimalText(right)) {
        case let (left?, right?): return left.compare(to: right)
        case (.some, nil): return .orderedAscending
        case (nil, .some): return .orderedDescending
        case (nil, nil):
            for (a, b) in zip(left, right) where a != b { return a < b ? .orderedAscending : .orderedDescending }
            return left.count == right.count
                ? .orderedSame : left.count < right.count ? .orderedAscending : .orderedDescending
        }
    }

    /// Whether the whole of `text` is a decimal number (`-12.50`, `1e+21`, `.5`), as the collation
    /// compares it; `12abc`, ` 5`, `NaN` and the empty text are not.
    public static func isNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { DecimalText($0) != nil }
    }
}

/// A decimal number's text, parsed for comparison: its sign, its magnitude's power of ten and where its
/// significant digits are, without copying them. `0.d1d2... × 10^exponent`.
struct DecimalText {
    /// -1, 0 or 1.
    let sign: Int
    /// The power of ten of the value `0.d1d2...` (`12.5` is `0.125 × 10^2`).
    let exponent: Int
    /// The significant digits (first to last nonzero digit; a point among them is skipped).
    let digits: Slice<UnsafeBufferPointer<UInt8>>

    /// Exponents are clamped to this magnitude: SQLite never writes one near it, and clamping keeps the
    /// order total (values beyond it compare equal).
    private static let exponentLimit = 1_000_000_000

    /// Parses `[+-]digits[.digits][e[+-]digits]` (at least one mantissa digit), or fails.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        let mantissaStart = index
        var point: Int?
        var sawDigit = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte &- UInt8(ascii: "0") < 10 {
                sawDigit = true
            } else if byte == UInt8(ascii: "."), point == nil {
                point = index
            } else {
                break
            }
            index += 1
        }
        guard sawDigit else { return nil }
        let mantissaEnd = index
        var exponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                exponent = min(exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")), Self.exponentLimit)
                index += 1
            }
            guard index > exponentStart else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard index == bytes.count else { return nil }
        let isDigit = { (offset: Int) in bytes[offset] != UInt8(ascii: ".") && bytes[offset] != UInt8(ascii: "0") }
        guard let first = (mantissaStart..<mantissaEnd).first(where: isDigit),
            let last = (mantissaStart..<mantissaEnd).last(where: isDigit)
        else {
            sign = 0
            self.exponent = 0
            digits = bytes[0..<0]
            return
        }
        let pointOffset = point ?? mantissaEnd
        let integerDigits = first < pointOffset ? pointOffset - first : pointOffset - first + 1
        sign = negative ? -1 : 1
        self.exponent = max(-Self.exponentLimit, min(Self.exponentLimit, integerDigits + exponent))
        digits = bytes[first...last]
    }

    /// Compares by value.
    func compare(to other: DecimalText) -> ComparisonResult {
        if sign != other.sign { return sign < other.sign ? .orderedAscending : .orderedDescending }
        if sign == 0 { return .orderedSame }
        let magnitude = compareMagnitude(to: other)
        guard sign < 0 else { return magnitude }
        switch magnitude {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }

    private func compareMagnitude(to other: DecimalText) -> ComparisonResult {
        if exponent != other.exponent { return exponent < other.exponent ? .orderedAscending : .orderedDescending }
        var mine = digits.lazy.filter { $0 != UInt8(ascii: ".") }.makeIterator()
        var theirs = other.digits.lazy.filter { $0 != UInt8(ascii: ".") }.makeIterator()
        while true {
            switch (mine.next(), theirs.next()) {
            case let (a?, b?) where a != b: return a < b ? .orderedAscending : .orderedDescending
            case (.some, .some): continue
            // Both end in a nonzero digit: the one with more digits is larger.
            case (.some, nil): return .orderedDescending
            case (nil, .some): return .orderedAscending
            case (nil, nil): return .orderedSame
            }
        }
    }
}
