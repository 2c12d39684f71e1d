/// A fast parser of decimal numbers as GPX writes them: `48.8584`, `-0.5`, `+12`, `1.5e3`.
///
/// Numbers whose digits fit in 53 bits with a power of ten up to 10^22 are computed with one
/// exact multiplication or division, so the result is correctly rounded (Clinger's fast path);
/// the rare others go through the standard library's parser. `nan`, `inf` and hexadecimal are
/// not numbers here.
enum DecimalParser {
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses a number, ignoring white space around it.
    ///
    /// - Parameter text: The UTF-8 bytes.
    /// - Returns: The value, or `nil` when the text is not a decimal number.
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = text.count
        while start < end, XMLBytes.isSpace(text[start]) { start += 1 }
        while end > start, XMLBytes.isSpace(text[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var index = start
        var negative = false
        if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            negative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var exponent = 0
        var exact = true
        var digits = 0
        while index < end, let digit = digitValue(text[index]) {
            digits += 1
            if mantissa != 0 || digit != 0 {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significant += 1
                } else {
                    exponent += 1
                    if digit != 0 { exact = false }
                }
            }
            index += 1
        }
        if index < end, text[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, let digit = digitValue(text[index]) {
                digits += 1
                if significant < 19 {
                    if mantissa != 0 || digit != 0 {
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                        significant += 1
                    }
                    exponent -= 1
                } else if digit != 0 {
                    exact = false
                }
                index += 1
            }
        }
        guard digits > 0 else { return nil }
        if index < end, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < end, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var exponentDigits = 0
            while index < end, let digit = digitValue(text[index]) {
                if written < 100_000 { written = written * 10 + digit }
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent += exponentNegative ? -written : written
        }
        guard index == end else { return nil }
        if mantissa == 0 { return negative ? -0.0 : 0 }
        if exact, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let value = Double(mantissa)
            let scaled = exponent < 0 ? value / powersOfTen[-exponent] : value * powersOfTen[exponent]
            return negative ? -scaled : scaled
        }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self))
    }

    /// The value of an ASCII digit, or `nil`.
    @inline(__always)
    static func digitValue(_ byte: UInt8) -> Int? {
        byte &- UInt8(ascii: "0") < 10 ? Int(byte &- UInt8(ascii: "0")) : nil
    }
}
