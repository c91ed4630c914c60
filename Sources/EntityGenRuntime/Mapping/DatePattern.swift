import Foundation

/// A custom date pattern compiled once into a fast parser and formatter, for the fields APIs use:
/// `yyyy` `y` `MM` `M` `MMM` `MMMM` `dd` `d` `HH` `H` `hh` `h` `a` `mm` `ss` `S...` `EEE` `EEEE`
/// `Z` `ZZ` `ZZZ` `ZZZZZ` `XXX` `XX` `X` `xxx` `xx`, quoted literals and punctuation, in the POSIX
/// locale (English names) and UTC unless the text carries a zone. Any other pattern letter makes
/// ``compile(_:)`` return `nil`, and ``DateFormatTransformer`` falls back to `DateFormatter`.
struct DatePattern: Sendable {
    enum Field: Sendable, Equatable {
        case literal([UInt8])
        case year(digits: Int), month(digits: Int), monthName(long: Bool), day(digits: Int)
        case hour24(digits: Int), hour12(digits: Int), amPm, minute, second, fraction(digits: Int)
        case weekday(long: Bool)
        case zone(colon: Bool, allowsZ: Bool)
    }

    let fields: [Field]

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    /// Name bytes, computed once: long and three-letter month and weekday names, and AM/PM.
    static let longMonthBytes = monthNames.map { Array($0.utf8) }
    static let shortMonthBytes = monthNames.map { Array($0.prefix(3).utf8) }
    static let longWeekdayBytes = weekdayNames.map { Array($0.utf8) }
    static let shortWeekdayBytes = weekdayNames.map { Array($0.prefix(3).utf8) }
    static let amPmBytes = [Array("AM".utf8), Array("PM".utf8)]

    /// Compiles a pattern, or `nil` when it uses a field this parser does not handle.
    static func compile(_ pattern: String) -> DatePattern? {
        var fields: [Field] = []
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                var literal = ""
                index += 1
                if index < characters.count, characters[index] == "'" {
                    fields.append(.literal([39])); index += 1; continue
                }
                while index < characters.count {
                    if characters[index] == "'" {
                        if index + 1 < characters.count, characters[index + 1] == "'" {
                            literal.append("'"); index += 2; continue
                        }
                        break
                    }
                    literal.append(characters[index])
                    index += 1
                }
                index += 1
                fields.append(.literal(Array(literal.utf8)))
                continue
            }
            guard character.isASCII, character.isLetter else {
                fields.append(.literal(Array(String(character).utf8)))
                index += 1
                continue
            }
            var count = 1
            while index + count < characters.count, characters[index + count] == character { count += 1 }
            index += count
            switch (character, count) {
            case ("y", 2): return nil  // two-digit years follow ICU's sliding window: leave them to DateFormatter
            case ("y", _): fields.append(.year(digits: count == 1 ? 0 : count))
            case ("M", 1), ("M", 2): fields.append(.month(digits: count == 1 ? 0 : 2))
            case ("M", 3): fields.append(.monthName(long: false))
            case ("M", 4): fields.append(.monthName(long: true))
            case ("d", 1), ("d", 2): fields.append(.day(digits: count == 1 ? 0 : 2))
            case ("H", 1), ("H", 2): fields.append(.hour24(digits: count == 1 ? 0 : 2))
            case ("h", 1), ("h", 2): fields.append(.hour12(digits: count == 1 ? 0 : 2))
            case ("a", 1): fields.append(.amPm)
            case ("m", 1), ("m", 2): fields.append(.minute)
            case ("s", 1), ("s", 2): fields.append(.second)
            case ("S", _): fields.append(.fraction(digits: count))
            case ("E", 1...3): fields.append(.weekday(long: false))
            case ("E", 4): fields.append(.weekday(long: true))
            case ("Z", 1...3), ("x", 2): fields.append(.zone(colon: false, allowsZ: false))
            case ("Z", 5), ("x", 3): fields.append(.zone(colon: true, allowsZ: false))
            case ("X", 1), ("X", 2): fields.append(.zone(colon: false, allowsZ: true))
            case ("X", 3): fields.append(.zone(colon: true, allowsZ: true))
            default: return nil
            }
        }
        if fields.contains(where: { if case .hour12 = $0 { return true } else { return false } })
            != fields.contains(.amPm)
        {
            return nil
        }
        return DatePattern(fields: fields)
    }

    /// Parses the whole text, or `nil` when it does not match or names an impossible date.
    func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        let end = bytes.count
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, offset = 0, pm: Bool?
        var fraction = 0.0
        func number(_ digits: Int, max maximum: Int = 9) -> Int? {
            var value = 0
            var read = 0
            while index < end, base[index] >= 48, base[index] <= 57, digits == 0 ? read < maximum : read < digits {
                value = value * 10 + Int(base[index] - 48)
                index += 1
                read += 1
            }
            return read == 0 || (digits > 0 && read != digits) ? nil : value
        }
        func name(_ names: [[UInt8]]) -> Int? {
            for (position, candidate) in names.enumerated() {
                guard index + candidate.count <= end else { continue }
                var matches = true
                for offset in 0..<candidate.count where base[index + offset] | 0x20 != candidate[offset] | 0x20 {
                    matches = false; break
                }
                if matches { index += candidate.count; return position }
            }
            return nil
        }
        for field in fields {
            switch field {
            case let .literal(literal):
                guard index + literal.count <= end else { return nil }
                for byte in literal { guard base[index] == byte else { return nil }; index += 1 }
            case let .year(digits):
                guard let value = number(digits, max: 4) else { return nil }
                year = value
            case let .month(digits): guard let value = number(digits, max: 2) else { return nil }; month = value
            case .monthName(let long):
                guard let value = name(long ? Self.longMonthBytes : Self.shortMonthBytes) else { return nil };
                month = value + 1
            case let .day(digits): guard let value = number(digits, max: 2) else { return nil }; day = value
            case let .hour24(digits): guard let value = number(digits, max: 2) else { return nil }; hour = value
            case let .hour12(digits):
                guard let value = number(digits, max: 2), (1...12).contains(value) else { return nil };
                hour = value % 12
            case .amPm: guard let value = name(Self.amPmBytes) else { return nil }; pm = value == 1
            case .minute: guard let value = number(2) else { return nil }; minute = value
            case .second: guard let value = number(2) else { return nil }; second = value
            case let .fraction(digits):
                let start = index
                guard let value = number(digits) else { return nil }
                fraction = Double(value) / pow(10, Double(index - start))
            case .weekday(let long):
                guard name(long ? Self.longWeekdayBytes : Self.shortWeekdayBytes) != nil else { return nil }
            case let .zone(colon, allowsZ):
                if allowsZ, index < end, base[index] == UInt8(ascii: "Z") { index += 1; offset = 0; continue }
                guard index < end, base[index] == 43 || base[index] == 45 else { return nil }
                let sign = base[index] == 45 ? -1 : 1
                index += 1
                guard let hours = number(2) else { return nil }
                if colon { guard index < end, base[index] == 58 else { return nil }; index += 1 }
                guard let minutes = number(2) else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            }
        }
        if pm == true { hour += 12 }
        guard index == end, (1...12).contains(month), day >= 1, day <= ISO8601.daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        let days = ISO8601.daysSinceEpoch(year: year, month: month, day: day)
        return Date(
            timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction)
    }

    /// Formats in UTC.
    func format(_ date: Date) -> String {
        // As ICU does: round at the millisecond (or finer, when more digits are written) to absorb binary
        // error, then truncate to the precision written (x.5 s without fraction is x s).
        let fractionDigits = fields.reduce(0) { result, field in
            if case let .fraction(digits) = field { return max(result, digits) }
            return result
        }
        let fine = max(fractionDigits, 3)
        let fineUnits = Int64((date.timeIntervalSince1970 * pow(10, Double(fine))).rounded())
        let divisor = Int64(pow(10, Double(fine - fractionDigits)))
        let scale = Int64(pow(10, Double(fractionDigits)))
        let scaled = fineUnits >= 0 ? fineUnits / divisor : (fineUnits - divisor + 1) / divisor
        let wholeSeconds = scaled >= 0 ? scaled / scale : (scaled - scale + 1) / scale
        let fractionUnits = scaled - wholeSeconds * scale
        let days = Int(wholeSeconds >= 0 ? wholeSeconds / 86_400 : (wholeSeconds - 86_399) / 86_400)
        let secondsOfDay = Int(wholeSeconds) - days * 86_400
        let (year, month, day) = ISO8601.civilDate(daysSinceEpoch: days)
        let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        var result = ""
        for field in fields {
            switch field {
            case let .literal(bytes): result += String(decoding: bytes, as: UTF8.self)
            case let .year(digits): result += pad(year, digits)
            case let .month(digits): result += pad(month, digits)
            case let .monthName(long):
                result += long ? Self.monthNames[month - 1] : String(Self.monthNames[month - 1].prefix(3))
            case let .day(digits): result += pad(day, digits)
            case let .hour24(digits): result += pad(secondsOfDay / 3600, digits)
            case let .hour12(digits): result += pad((secondsOfDay / 3600 + 11) % 12 + 1, digits)
            case .amPm: result += secondsOfDay / 3600 < 12 ? "AM" : "PM"
            case .minute: result += pad(secondsOfDay % 3600 / 60, 2)
            case .second: result += pad(secondsOfDay % 60, 2)
            case let .fraction(digits):
                result += pad(Int(fractionUnits / Int64(pow(10, Double(fractionDigits - digits)))), digits)
            case let .weekday(long):
                result += long ? Self.weekdayNames[weekday] : String(Self.weekdayNames[weekday].prefix(3))
            case let .zone(colon, allowsZ): result += allowsZ ? "Z" : (colon ? "+00:00" : "+0000")
            }
        }
        return result
    }
}
