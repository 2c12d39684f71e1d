import Foundation

/// Reads a gpsd `TPV` line straight from its bytes, without `JSONDecoder`, or declines it.
///
/// gpsd writes each report as one flat JSON object of numbers and plain strings, and a live stream is nearly all
/// `TPV`s, so the scanner reads the keys the full decoder reads from a `TPV` (``GPSDTPVField``) in one pass and
/// skips the others. It takes only what it is sure of and returns `nil` (the caller then runs the full decoder)
/// for anything else:
///
/// - a line that is not one JSON object, or whose `class` is not the string `TPV`;
/// - a key read twice, or a read key whose value has another type than the full decoder expects (`mode` an
///   integer; `device` and `time` strings; the rest numbers), or is `null`;
/// - any string with an escape, a control character or a byte outside ASCII;
/// - a number that is not in JSON's strict form, a `mode` with a fraction or exponent or of more than 18 digits,
///   or a number the scanner cannot convert exactly as `strtod` does (more than 2⁵³ in its digits, or a
///   power of ten beyond 10²²: Clinger's fast path, where one IEEE multiplication or division is correctly
///   rounded);
/// - objects and arrays nested deeper than ``maximumDepth`` in a skipped value.
///
/// So for every line it either declines or gives the report the full decoder gives.
struct GPSDTPVScanner {
    /// How deep objects and arrays may nest inside a skipped value.
    static let maximumDepth = 16

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The report in `line`, or `nil` when the line is not a `TPV` the scanner is sure of.
    static func scan(_ line: UnsafeBufferPointer<UInt8>) -> GPSDReport? {
        var scanner = GPSDTPVScanner(bytes: line)
        return scanner.report()
    }

    private mutating func report() -> GPSDReport? {
        skipWhitespace()
        guard take(UInt8(ascii: "{")) else { return nil }
        var report = GPSDReport()
        var seen: UInt32 = 0
        skipWhitespace()
        guard !take(UInt8(ascii: "}")) else { return nil }
        repeat {
            skipWhitespace()
            guard let key = string() else { return nil }
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            if let field = GPSDTPVField(key: key) {
                guard seen & field.bit == 0, read(field, into: &report) else { return nil }
                seen |= field.bit
            } else {
                guard skipValue(depth: 0) else { return nil }
            }
            skipWhitespace()
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), seen & GPSDTPVField.class.bit != 0 else { return nil }
        skipWhitespace()
        return index == bytes.count ? report : nil
    }

    /// Reads one field's value into the report; `false` declines the line.
    private mutating func read(_ field: GPSDTPVField, into report: inout GPSDReport) -> Bool {
        switch field {
        case .class:
            guard let name = string(), name.count == 3, name[0] == UInt8(ascii: "T"), name[1] == UInt8(ascii: "P"),
                name[2] == UInt8(ascii: "V")
            else { return false }
        case .device:
            guard let text = string() else { return false }
            report.device = String(decoding: text, as: UTF8.self)
        case .time:
            guard let text = string() else { return false }
            report.time = GPSDTimeParser.parse(text)
        case .mode:
            guard let mode = integer() else { return false }
            report.mode = mode
        default:
            guard let value = number() else { return false }
            switch field {
            case .lat: report.lat = value
            case .lon: report.lon = value
            case .altHAE: report.altHAE = value
            case .altMSL: report.altMSL = value
            case .alt: report.alt = value
            case .eph: report.eph = value
            case .epx: report.epx = value
            case .epy: report.epy = value
            case .epv: report.epv = value
            case .speed: report.speed = value
            case .track: report.track = value
            case .climb: report.climb = value
            case .class, .device, .time, .mode: return false
            }
        }
        return true
    }

    // MARK: - Values

    /// A string without escapes, control characters or bytes above ASCII: its bytes, without the quotes.
    private mutating func string() -> UnsafeBufferPointer<UInt8>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<index - 1])
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    /// An integer of at most 18 digits, without fraction or exponent.
    private mutating func integer() -> Int? {
        let negative = take(UInt8(ascii: "-"))
        let start = index
        var value = 0
        while let digit = digit() {
            value = value &* 10 &+ Int(digit)
        }
        let count = index - start
        guard count > 0, count <= 18, count == 1 || bytes[start] != UInt8(ascii: "0"), !atNumberContinuation
        else { return nil }
        return negative ? -value : value
    }

    /// A number in JSON's strict form that converts exactly: see the type's discussion.
    private mutating func number() -> Double? {
        let negative = take(UInt8(ascii: "-"))
        // The digits, without leading zeros, as one integer, and the power of ten that scales it.
        var significand: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        let integerStart = index
        while let digit = digit() {
            guard significantDigits < 19 else { return nil }
            significand = significand * 10 + UInt64(digit)
            if significand != 0 { significantDigits += 1 }
        }
        let integerDigits = index - integerStart
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        if take(UInt8(ascii: ".")) {
            let fractionStart = index
            while let digit = digit() {
                guard significantDigits < 19 else { return nil }
                significand = significand * 10 + UInt64(digit)
                if significand != 0 { significantDigits += 1 }
            }
            guard index > fractionStart else { return nil }
            exponent = fractionStart - index
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            let negativeExponent = take(UInt8(ascii: "-"))
            if !negativeExponent { _ = take(UInt8(ascii: "+")) }
            let start = index
            var written = 0
            while let digit = digit() {
                guard index - start <= 4 else { return nil }
                written = written * 10 + Int(digit)
            }
            guard index > start else { return nil }
            exponent += negativeExponent ? -written : written
        }
        var value: Double
        if significand == 0 {
            value = 0
        } else {
            guard significand <= 1 << 53, (-22...22).contains(exponent) else { return nil }
            value = Double(significand)
            if exponent < 0 {
                value /= Self.powersOfTen[-exponent]
            } else {
                value *= Self.powersOfTen[exponent]
            }
        }
        return negative ? -value : value
    }

    /// 10⁰ … 10²², each exact in a `Double`.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Whether the next byte would continue a number (a fraction or an exponent).
    private var atNumberContinuation: Bool {
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        return byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// Skips one valid JSON value of a key the scanner does not read; `false` declines the line.
    private mutating func skipValue(depth: Int) -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return skipNumber()
        case UInt8(ascii: "t"):
            return skipLiteral("true")
        case UInt8(ascii: "f"):
            return skipLiteral("false")
        case UInt8(ascii: "n"):
            return skipLiteral("null")
        case UInt8(ascii: "["):
            return skipContainer(depth: depth, close: UInt8(ascii: "]"), keyed: false)
        case UInt8(ascii: "{"):
            return skipContainer(depth: depth, close: UInt8(ascii: "}"), keyed: true)
        default:
            return false
        }
    }

    /// Skips an array or an object, whose opening bracket is next.
    private mutating func skipContainer(depth: Int, close: UInt8, keyed: Bool) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        index += 1
        skipWhitespace()
        if take(close) { return true }
        repeat {
            skipWhitespace()
            if keyed {
                guard string() != nil else { return false }
                skipWhitespace()
                guard take(UInt8(ascii: ":")) else { return false }
                skipWhitespace()
            }
            guard skipValue(depth: depth + 1) else { return false }
            skipWhitespace()
        } while take(UInt8(ascii: ","))
        return take(close)
    }

    /// Skips a number in JSON's strict form.
    private mutating func skipNumber() -> Bool {
        _ = take(UInt8(ascii: "-"))
        let integerStart = index
        while digit() != nil {}
        let integerDigits = index - integerStart
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return false }
        if take(UInt8(ascii: ".")) {
            let start = index
            while digit() != nil {}
            guard index > start else { return false }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "-")) { _ = take(UInt8(ascii: "+")) }
            let start = index
            while digit() != nil {}
            guard index > start else { return false }
        }
        return true
    }

    private mutating func skipLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            return false
        }
        index += count
        return true
    }

    // MARK: - Bytes

    private mutating func digit() -> UInt8? {
        guard index < bytes.count else { return nil }
        let value = bytes[index] &- UInt8(ascii: "0")
        guard value < 10 else { return nil }
        index += 1
        return value
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): index += 1
            default: return
            }
        }
    }
}
