import Foundation
import Whereabouts

/// Writes the fixes an app received, for people (`table`) or programs (`ndjson`, `geojson`).
///
/// The NDJSON and GeoJSON shapes are stable and documented in the DocC article "The whereabouts command" (Output formats).
/// Each fix is written by hand into a reused byte buffer and handed to ``Terminal/buffer(_:)``, which writes in blocks:
/// at `--speed max` a Foundation serializer or a system call per fix cost more than reading the track. The bytes are
/// those `JSONSerialization` wrote with sorted keys (and `\/` turned back into `/`): keys in that order, numbers as
/// ``appendJSON(_:to:)`` writes them, and `{}` for a fix holding a value JSON cannot carry (infinite or not a number).
struct FixWriter {
    enum Format: String, CaseIterable {
        case table, ndjson, geojson
    }

    let format: Format
    let terminal: Terminal
    private var count = 0
    /// The line being written, reused from fix to fix.
    private var line: [UInt8] = []

    init(format: Format, terminal: Terminal) {
        self.format = format
        self.terminal = terminal
        line.reserveCapacity(512)
    }

    mutating func begin() {
        switch format {
        case .table:
            terminal.output(
                Self.row([
                    "#", "time (UTC)", "latitude", "longitude", "± m", "speed m/s", "course °",
                    "accuracy",
                ])
            )
        case .geojson:
            terminal.output(#"{"type":"FeatureCollection","features":["#)
        case .ndjson:
            break
        }
    }

    mutating func write(_ location: Location, precise: Bool) {
        count += 1
        line.removeAll(keepingCapacity: true)
        switch format {
        case .table:
            Self.appendRow(location, precise: precise, index: count, to: &line)
        case .ndjson:
            if !Self.appendProperties(location, precise: precise, index: count, to: &line) {
                line.removeAll(keepingCapacity: true)
                Self.append("{}", to: &line)
            }
        case .geojson:
            if count > 1 { line.append(UInt8(ascii: ",")) }
            let start = line.count
            Self.append(#"{"geometry":{"coordinates":["#, to: &line)
            var valid = Self.appendJSON(location.coordinate.longitude, to: &line)
            line.append(UInt8(ascii: ","))
            valid = Self.appendJSON(location.coordinate.latitude, to: &line) && valid
            Self.append(#"],"type":"Point"},"properties":"#, to: &line)
            valid = Self.appendProperties(location, precise: precise, index: count, to: &line) && valid
            Self.append(#","type":"Feature"}"#, to: &line)
            if !valid {
                line.removeSubrange(start...)
                Self.append("{}", to: &line)
            }
        }
        line.append(UInt8(ascii: "\n"))
        terminal.buffer(line)
    }

    func end() {
        if format == .geojson { terminal.output("]}") }
        terminal.flush()
    }

    /// The NDJSON object of a fix (GeoJSON's `properties`), keys in `JSONSerialization`'s sorted order.
    ///
    /// - Returns: Whether every number was finite (else the bytes are not JSON and the caller writes `{}`).
    static func appendProperties(_ location: Location, precise: Bool, index: Int, to bytes: inout [UInt8]) -> Bool {
        var valid = true
        Self.append(#"{"altitude":"#, to: &bytes)
        valid = appendJSON(location.altitude, to: &bytes) && valid
        Self.append(#","course":"#, to: &bytes)
        valid = appendJSON(location.course, to: &bytes) && valid
        Self.append(#","horizontalAccuracy":"#, to: &bytes)
        valid = appendJSON(location.horizontalAccuracy, to: &bytes) && valid
        Self.append(#","index":"#, to: &bytes)
        appendDecimal(index, to: &bytes)
        Self.append(#","latitude":"#, to: &bytes)
        valid = appendJSON(location.coordinate.latitude, to: &bytes) && valid
        Self.append(#","longitude":"#, to: &bytes)
        valid = appendJSON(location.coordinate.longitude, to: &bytes) && valid
        if precise {
            Self.append(#","precise":true,"speed":"#, to: &bytes)
        } else {
            Self.append(#","precise":false,"speed":"#, to: &bytes)
        }
        valid = appendJSON(location.speed, to: &bytes) && valid
        // The time is digits, '-', ':', '.', 'T' and 'Z' (or "invalid"): nothing JSON escapes.
        Self.append(#","timestamp":""#, to: &bytes)
        appendTime(location.timestamp, iso: true, to: &bytes)
        Self.append(#"","verticalAccuracy":"#, to: &bytes)
        valid = appendJSON(location.verticalAccuracy, to: &bytes) && valid
        bytes.append(UInt8(ascii: "}"))
        return valid
    }

    /// An object as compact JSON with sorted keys and `/` unescaped (`consent list --format json`: once per run, so
    /// Foundation's serializer is fine there).
    static func json(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else { return "{}" }
        return text.replacingOccurrences(of: "\\/", with: "/")
    }

    /// A number as `JSONSerialization` writes a `Double` on Linux: Swift's shortest round-tripping `description`
    /// without a trailing `.0` (`12`, `-0`, `0.30000000000000004`, `1e-07`, `1e+16`); `null` when absent.
    ///
    /// - Returns: Whether the number was finite (`JSONSerialization` refuses the others).
    @discardableResult
    static func appendJSON(_ value: Double?, to bytes: inout [UInt8]) -> Bool {
        guard let value else {
            Self.append("null", to: &bytes)
            return true
        }
        guard value.isFinite else { return false }
        if appendShortDecimal(value, to: &bytes) { return true }
        var text = value.description
        text.withUTF8 { utf8 in
            var count = utf8.count
            if count >= 2, utf8[count - 2] == UInt8(ascii: "."), utf8[count - 1] == UInt8(ascii: "0") { count -= 2 }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<count]))
        }
        return true
    }

    /// The digits `description` writes for the numbers fixes mostly hold (`52.5200055`, `34.3`, `4.5`, `12`), without
    /// making a `String`: when some decimal with at most 9 digits after the point reads back as `value`, the one with
    /// the fewest such digits is the shortest round-tripping form, which `description` writes.
    ///
    /// For a magnitude from 0.001 to below 10⁶, `value × 10⁹` stays below 2⁵⁰: at most one whole number `m` lies close
    /// enough to it to read back as `value`, and rounding finds it; `m ÷ 10⁹ == value` (both exact doubles, the
    /// division correctly rounded, as reading the decimal is) says whether it does. A shorter decimal that reads back
    /// would give such an `m` too (its digits followed by zeros), so when `m` reads back the shortest form is `m`
    /// without its trailing zeros, and when it does not no decimal of at most 9 digits after the point does. Anything
    /// else (zero, tiny, large, or needing more digits) is left to `description`.
    ///
    /// - Returns: Whether the number was written.
    static func appendShortDecimal(_ value: Double, to bytes: inout [UInt8]) -> Bool {
        let magnitude = value.magnitude
        guard magnitude >= 0.001, magnitude < 1e6 else { return false }
        let whole = (magnitude * 1e9).rounded()
        guard whole / 1e9 == magnitude else { return false }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let digits = UInt64(whole)
        appendDecimal(digits / 1_000_000_000, to: &bytes)
        var fraction = Int(digits % 1_000_000_000)
        guard fraction > 0 else { return true }
        var decimals = 9
        while fraction % 10 == 0 {
            fraction /= 10
            decimals -= 1
        }
        bytes.append(UInt8(ascii: "."))
        appendDigits(fraction, count: decimals, to: &bytes)
        return true
    }

    /// A whole number in decimal, without a `String`.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value >= 0 else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        appendDecimal(UInt64(value), to: &bytes)
    }

    /// A whole number in decimal, without a `String`.
    static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        guard value >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var divisor: UInt64 = 10
        while value / divisor >= 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Appends a literal's UTF-8 bytes in one copy.
    @inline(__always)
    static func append(_ literal: StaticString, to bytes: inout [UInt8]) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// ISO 8601 in UTC: `2025-06-01T12:00:07.000Z` (`iso`, milliseconds rounded) or `12:00:07` (the table's
    /// time column). Written by hand on the civil calendar: a formatter per fix was track's main output cost.
    static func time(_ date: Date, iso: Bool = false) -> String {
        var bytes: [UInt8] = []
        appendTime(date, iso: iso, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``time(_:iso:)``'s text.
    static func appendTime(_ date: Date, iso: Bool, to bytes: inout [UInt8]) {
        let milliseconds = (date.timeIntervalSince1970 * 1_000).rounded()
        guard milliseconds.magnitude < 1e17 else {
            bytes.append(contentsOf: (iso ? "invalid" : "--:--:--").utf8)
            return
        }
        let total = Int(milliseconds)
        let millisecond = ((total % 1_000) + 1_000) % 1_000
        let seconds = (total - millisecond) / 1_000
        let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
        let days = (seconds - secondOfDay) / 86_400
        if iso {
            let (year, month, day) = CivilCalendar.civil(days)
            if (0...9_999).contains(year) {
                appendDigits(year, count: 4, to: &bytes)
            } else {
                bytes.append(contentsOf: String(format: "%04d", year).utf8)
            }
            bytes.append(UInt8(ascii: "-"))
            appendDigits(month, count: 2, to: &bytes)
            bytes.append(UInt8(ascii: "-"))
            appendDigits(day, count: 2, to: &bytes)
            bytes.append(UInt8(ascii: "T"))
        }
        appendDigits(secondOfDay / 3_600, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, count: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, count: 2, to: &bytes)
        guard iso else { return }
        bytes.append(UInt8(ascii: "."))
        appendDigits(millisecond, count: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// `value` (0 ≤ value < 10^count) in exactly `count` digits, zero-padded.
    static func appendDigits(_ value: Int, count: Int, to bytes: inout [UInt8]) {
        let zero = UInt8(ascii: "0")
        switch count {
        case 2:
            bytes.append(zero + UInt8(value / 10))
            bytes.append(zero + UInt8(value % 10))
        case 3:
            bytes.append(zero + UInt8(value / 100))
            bytes.append(zero + UInt8(value / 10 % 10))
            bytes.append(zero + UInt8(value % 10))
        default:
            // The digits from the last, written into their places at once.
            let end = bytes.count + count
            bytes.append(contentsOf: repeatElement(zero, count: count))
            var rest = value
            var index = end - 1
            while rest > 0 && index >= end - count {
                bytes[index] = zero + UInt8(rest % 10)
                rest /= 10
                index -= 1
            }
        }
    }
}
