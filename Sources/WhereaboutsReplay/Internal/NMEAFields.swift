import Whereabouts

/// The comma-separated fields of one sentence, read in order straight from the line's bytes,
/// without allocating.
///
/// The cursor starts after the address (`$GPGGA`); ``next()`` returns the byte range of the
/// following field, and the typed readers turn a range into a value (`nil` for an empty field).
struct NMEAFields {
    let line: UnsafeRawBufferPointer
    /// Where the fields end: the `*` of the checksum, or the end of the line.
    let end: Int
    /// The start of the next field.
    private var cursor: Int
    /// The sentence type, for messages: `"GGA"`.
    let type: String

    init(line: UnsafeRawBufferPointer, start: Int, end: Int, type: String) {
        self.line = line
        self.cursor = start
        self.end = end
        self.type = type
    }

    /// The next field's bytes; an empty range at the end once the fields run out.
    mutating func next() -> Range<Int> {
        guard cursor <= end else { return end..<end }
        var index = cursor
        while index < end, line[index] != UInt8(ascii: ",") { index += 1 }
        let field = cursor..<index
        cursor = index + 1
        return field
    }

    /// Skips `count` fields.
    mutating func skip(_ count: Int) {
        for _ in 0..<count { _ = next() }
    }

    /// The field's text, for messages.
    func text(_ field: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: line[field]), as: UTF8.self)
    }

    /// An error about a field.
    func error(_ field: Range<Int>, _ message: String) -> NMEAFieldError {
        NMEAFieldError(offset: field.lowerBound, message: "\(type): \(message)")
    }

    /// A one-letter field such as `A`, `N` or `T`; `nil` when empty.
    func letter(_ field: Range<Int>, _ name: String) throws(NMEAFieldError) -> UInt8? {
        if field.isEmpty { return nil }
        guard field.count == 1 else { throw error(field, "\(name) should be one letter, not \"\(text(field))\"") }
        return line[field.lowerBound]
    }

    /// An unsigned whole number; `nil` when empty.
    func integer(_ field: Range<Int>, _ name: String) throws(NMEAFieldError) -> Int? {
        if field.isEmpty { return nil }
        guard field.count <= 9 else { throw error(field, "\(name) is not a number: \"\(text(field))\"") }
        var value = 0
        for index in field {
            let digit = line[index] &- UInt8(ascii: "0")
            guard digit < 10 else { throw error(field, "\(name) is not a number: \"\(text(field))\"") }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// A decimal number such as `-12.5`; `nil` when empty.
    func decimal(_ field: Range<Int>, _ name: String) throws(NMEAFieldError) -> Double? {
        if field.isEmpty { return nil }
        var index = field.lowerBound
        var negative = false
        if line[index] == UInt8(ascii: "-") || line[index] == UInt8(ascii: "+") {
            negative = line[index] == UInt8(ascii: "-")
            index += 1
        }
        guard let parts = digits(index..<field.upperBound), parts.integerDigits + parts.fractionDigits > 0 else {
            throw error(field, "\(name) is not a number: \"\(text(field))\"")
        }
        let value = parts.value
        return negative ? -value : value
    }

    /// A decimal number that, times `scale`, must fall in `range` (one of ``Whereabouts/LocationLimits``'s);
    /// `nil` when empty.
    ///
    /// A value outside the range is physically impossible (an altitude of 10¹² m, an HDOP that makes the accuracy
    /// larger than the Earth): the sentence is rejected with its column, as for any other bad field.
    func decimal(
        _ field: Range<Int>,
        _ name: String,
        scale: Double = 1,
        within range: ClosedRange<Double>,
        unit: String
    ) throws(NMEAFieldError) -> Double? {
        guard let value = try decimal(field, name) else { return nil }
        guard range.contains(value * scale) else {
            let limits = "\(LocationLimits.describe(range))\(unit)"
            let scaled = scale == 1 ? "" : " (\(value * scale)\(unit))"
            throw error(field, "\(name) \(text(field))\(scaled) is outside \(limits)")
        }
        return value
    }

    /// A latitude or longitude in NMEA's `ddmm.mmmm` / `dddmm.mmmm` with its hemisphere letter, in
    /// signed degrees; `nil` when both fields are empty.
    func angle(_ field: Range<Int>, _ hemisphere: Range<Int>, latitude: Bool) throws(NMEAFieldError) -> Double? {
        let name = latitude ? "latitude" : "longitude"
        if field.isEmpty && hemisphere.isEmpty { return nil }
        guard let parts = digits(field), parts.integerDigits >= 3 else {
            throw error(field, "\(name) \"\(text(field))\" is not in \(latitude ? "ddmm.mmmm" : "dddmm.mmmm") form")
        }
        let degrees = parts.integer / 100
        let minutes = NMEADigits(
            integer: parts.integer % 100,
            mantissa: parts.mantissa,
            fractionDigits: parts.fractionDigits
        ).value
        guard minutes < 60 else { throw error(field, "\(name) \"\(text(field))\" has 60 minutes or more") }
        let value = Double(degrees) + minutes / 60
        guard value <= (latitude ? 90 : 180) else {
            throw error(field, "\(name) \"\(text(field))\" is beyond \(latitude ? 90 : 180)°")
        }
        let negative: Bool
        switch try letter(hemisphere, "the hemisphere") {
        case UInt8(ascii: "N") where latitude, UInt8(ascii: "E") where !latitude: negative = false
        case UInt8(ascii: "S") where latitude, UInt8(ascii: "W") where !latitude: negative = true
        default:
            let expected = latitude ? "N or S" : "E or W"
            throw error(hemisphere, "the \(name)'s hemisphere is \"\(text(hemisphere))\", not \(expected)")
        }
        return negative ? -value : value
    }

    /// A UTC time of day `hhmmss` or `hhmmss.sss`, in milliseconds since midnight; `nil` when empty.
    ///
    /// Some receivers pad the field with spaces (`" 61500.00"`, `"061500 "`): leading spaces stand
    /// for zeros, trailing ones are dropped; before six digits (`" 222519"`) they are padding only.
    func time(_ field: Range<Int>) throws(NMEAFieldError) -> Int? {
        var lower = field.lowerBound
        var upper = field.upperBound
        while upper > lower, line[upper - 1] == UInt8(ascii: " ") { upper -= 1 }
        if lower == upper { return nil }
        while lower < upper, line[lower] == UInt8(ascii: " ") { lower += 1 }
        let padding = lower - field.lowerBound
        guard let parts = digits(lower..<upper), parts.integerDigits + padding == 6 || parts.integerDigits == 6 else {
            throw error(field, "the time \"\(text(field))\" is not in hhmmss.ss form")
        }
        let hours = parts.integer / 10_000
        let minutes = parts.integer / 100 % 100
        let seconds = parts.integer % 100
        guard hours < 24, minutes < 60, seconds <= 60 else {
            throw error(field, "the time \"\(text(field))\" is not a time of day")
        }
        let milliseconds = min(
            999,
            Int(
                (NMEADigits(mantissa: parts.mantissa, fractionDigits: parts.fractionDigits)
                    .value * 1000).rounded()
            )
        )
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + milliseconds
    }

    /// A position from its latitude and longitude fields (each with its hemisphere), or `nil`s when
    /// the sentence says there is no fix: a receiver without one fills the fields with placeholders
    /// (`8960.0000,N`, `36000.0000,E`, zeros, or nothing) that are not errors.
    func position(
        _ latitude: (Range<Int>, Range<Int>),
        _ longitude: (Range<Int>, Range<Int>),
        status: NMEAFixStatus
    ) throws(NMEAFieldError) -> (Double?, Double?) {
        guard status != .none else { return (nil, nil) }
        return (
            try angle(latitude.0, latitude.1, latitude: true), try angle(longitude.0, longitude.1, latitude: false)
        )
    }

    /// Throws when a sentence that claims a fix gives no position or no time.
    ///
    /// - Parameters:
    ///   - latitude: The latitude read.
    ///   - longitude: The longitude read.
    ///   - time: The time read.
    ///   - field: The field that claims the fix (quality, status or mode), where the error points.
    ///   - claim: What the field claims, e.g. `"fix quality 1"`; built only for the error.
    /// - Throws: ``NMEAFieldError`` at `field`: "<claim> but no position", or "… but no time".
    func requirePositionAndTime(
        _ latitude: Double?,
        _ longitude: Double?,
        _ time: Int?,
        claimedBy field: Range<Int>,
        _ claim: @autoclosure () -> String
    ) throws(NMEAFieldError) {
        guard latitude != nil, longitude != nil else { throw error(field, "\(claim()) but no position") }
        guard time != nil else { throw error(field, "\(claim()) but no time") }
    }

    /// A date `ddmmyy` in days since 1970-01-01 (years 80–99 are 1980–1999, 00–79 are 2000–2079,
    /// as GPS began in 1980); `nil` when empty.
    func date(_ field: Range<Int>) throws(NMEAFieldError) -> Int? {
        if field.isEmpty { return nil }
        guard let parts = digits(field), parts.integerDigits == 6, parts.fractionDigits == 0 else {
            throw error(field, "the date \"\(text(field))\" is not in ddmmyy form")
        }
        let day = parts.integer / 10_000
        let month = parts.integer / 100 % 100
        let shortYear = parts.integer % 100
        let year = shortYear < 80 ? 2000 + shortYear : 1900 + shortYear
        guard let days = NMEACalendar.days(year: year, month: month, day: day) else {
            throw error(field, "the date \"\(text(field))\" is not a date")
        }
        return days
    }

    /// Digits with an optional decimal point, split at the point. `nil` when anything but digits
    /// and one point is present, or the integer part is too long.
    private func digits(_ field: Range<Int>) -> NMEADigits? {
        var result = NMEADigits()
        var inFraction = false
        for index in field {
            let byte = line[index]
            if byte == UInt8(ascii: ".") {
                guard !inFraction else { return nil }
                inFraction = true
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            if inFraction {
                // Digits beyond the 15th add nothing a Double can hold; drop them.
                guard result.fractionDigits < 15 else { continue }
                result.mantissa = result.mantissa * 10 + Int(digit)
                result.fractionDigits += 1
            } else {
                guard result.integerDigits < 15 else { return nil }
                result.integer = result.integer * 10 + Int(digit)
                result.integerDigits += 1
            }
        }
        return result
    }
}
