import Whereabouts

/// A fast parser of the ISO 8601 times GPX writes: `2024-05-01T12:00:00Z`, with fractional
/// seconds (`12:00:00.123Z`) and offsets (`+02:00`, `+0200`, `-05`).
///
/// A time without an offset is read as UTC, which GPX prescribes. A leap second (`:60`) counts
/// as the first second of the next minute.
enum Timestamp {
    /// Parses a time, ignoring white space around it.
    ///
    /// - Parameter text: The UTF-8 bytes.
    /// - Returns: Seconds since 1970-01-01T00:00:00Z, or `nil` when the text is not such a time.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = text.count
        while start < end, XMLBytes.isSpace(text[start]) { start += 1 }
        while end > start, XMLBytes.isSpace(text[end - 1]) { end -= 1 }
        var index = start

        func number(_ count: Int) -> Int? {
            guard end - index >= count else { return nil }
            var value = 0
            for _ in 0..<count {
                guard let digit = DecimalParser.digitValue(text[index]) else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < end, text[index] == byte else { return false }
            index += 1
            return true
        }

        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2), index < end
        else { return nil }
        let separator = text[index]
        guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == 0x20 else { return nil }
        index += 1
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2), expect(UInt8(ascii: ":")),
            let second = number(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }

        var fraction = 0.0
        if index < end, text[index] == UInt8(ascii: ".") || text[index] == UInt8(ascii: ",") {
            index += 1
            var numerator = 0
            var denominator = 1
            var digits = 0
            while index < end, let digit = DecimalParser.digitValue(text[index]) {
                if digits < 9 {
                    numerator = numerator * 10 + digit
                    denominator *= 10
                }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            fraction = Double(numerator) / Double(denominator)
        }

        var offset = 0
        if index < end {
            let sign = text[index]
            if sign | 0x20 == UInt8(ascii: "z") {
                index += 1
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                index += 1
                guard let offsetHours = number(2), offsetHours <= 23 else { return nil }
                var offsetMinutes = 0
                if index < end {
                    _ = expect(UInt8(ascii: ":"))
                    guard let minutes = number(2), minutes <= 59 else { return nil }
                    offsetMinutes = minutes
                }
                offset = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            }
        }
        guard index == end else { return nil }

        let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Double(seconds) + fraction
    }
}
