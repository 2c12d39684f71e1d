import Whereabouts

extension ASCIIBuffer {
    /// Appends a UTC time as ISO 8601 with whole seconds: `2025-06-01T06:00:00Z`.
    mutating func appendISO8601(_ seconds: Int) {
        appendDate(seconds, separator: UInt8(ascii: "-"))
        append(byte: UInt8(ascii: "T"))
        appendTimeOfDay(seconds, separator: UInt8(ascii: ":"))
        append(byte: UInt8(ascii: "Z"))
    }

    /// Appends the UTC date of `seconds` as `yyyy-mm-dd` (or with another separator; 0 for none).
    mutating func appendDate(_ seconds: Int, separator: UInt8) {
        let (year, month, day) = CivilCalendar.civil(seconds.floorDivided(by: 86_400))
        append(year, width: 4)
        if separator != 0 { append(byte: separator) }
        append(month, width: 2)
        if separator != 0 { append(byte: separator) }
        append(day, width: 2)
    }

    /// Appends the UTC time of day of `seconds` as `hh:mm:ss` (or with another separator; 0 for none).
    mutating func appendTimeOfDay(_ seconds: Int, separator: UInt8) {
        let second = seconds - seconds.floorDivided(by: 86_400) * 86_400
        append(second / 3_600, width: 2)
        if separator != 0 { append(byte: separator) }
        append(second / 60 % 60, width: 2)
        if separator != 0 { append(byte: separator) }
        append(second % 60, width: 2)
    }
}

extension Int {
    /// Division rounding towards minus infinity.
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
