/// The exact value of a JSON number literal, for comparing literals by value: `1.50`, `1.5` and `15e-1`
/// are equal, `-0` equals `0`, and nothing is rounded (two literals that one `Double` would hold are
/// still different when their digits differ).
public struct JSONNumberValue: Hashable, Sendable {
    /// Whether the value is below zero.
    public var isNegative: Bool
    /// The significant digits, without leading or trailing zeros (empty for zero).
    public var digits: [UInt8]
    /// The power of ten of the last digit (`0` for zero).
    public var exponent: Int

    /// The value of a literal in JSON's number grammar; anything else compares as its text (digits of
    /// its bytes, exponent `Int.min`), so no input traps.
    public init(_ literal: String) {
        let bytes = Array(literal.utf8)
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var digits: [UInt8] = []
        var exponent = 0
        var sawDigit = false
        while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
            digits.append(bytes[index])
            sawDigit = true
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                digits.append(bytes[index])
                exponent -= 1
                sawDigit = true
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                // Saturates far beyond any exponent a number type holds, so huge literals stay distinct.
                written = min(written &* 10 &+ Int(bytes[index] - 48), 1 << 40)
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        guard sawDigit, index == bytes.count else {
            self.init(isNegative: false, digits: bytes, exponent: .min)
            return
        }
        while let first = digits.first, first == 48 { digits.removeFirst() }
        while let last = digits.last, last == 48 {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty {
            self.init(isNegative: false, digits: [], exponent: 0)
        } else {
            self.init(isNegative: negative, digits: digits, exponent: exponent)
        }
    }

    /// A value from its parts, as given.
    public init(isNegative: Bool, digits: [UInt8], exponent: Int) {
        self.isNegative = isNegative
        self.digits = digits
        self.exponent = exponent
    }
}
