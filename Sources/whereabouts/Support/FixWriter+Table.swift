import Foundation
import Whereabouts

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `table` format: right-aligned columns separated by a space, numbers as `String(format:)` wrote them.
extension FixWriter {
    static let widths = [5, 10, 11, 11, 6, 10, 9, 11]

    static func row(_ cells: [String]) -> String {
        zip(cells, widths).map { cell, width in
            cell.count >= width ? cell : String(repeating: " ", count: width - cell.count) + cell
        }.joined(separator: " ")
    }

    /// Appends a fix's row (without the newline), as ``row(_:)`` lays out its cells.
    static func appendRow(_ location: Location, precise: Bool, index: Int, to bytes: inout [UInt8]) {
        var start = bytes.count
        appendDecimal(index, to: &bytes)
        pad(from: start, width: widths[0], in: &bytes)
        bytes.append(UInt8(ascii: " "))
        start = bytes.count
        appendTime(location.timestamp, iso: false, to: &bytes)
        pad(from: start, width: widths[1], in: &bytes)
        appendCell(location.coordinate.latitude, decimals: 6, width: widths[2], to: &bytes)
        appendCell(location.coordinate.longitude, decimals: 6, width: widths[3], to: &bytes)
        appendCell(location.horizontalAccuracy, decimals: 0, width: widths[4], to: &bytes)
        appendCell(location.speed, decimals: 1, width: widths[5], to: &bytes)
        appendCell(location.course, decimals: 0, width: widths[6], to: &bytes)
        bytes.append(contentsOf: (precise ? "     precise" : " approximate").utf8)
    }

    /// A space, then `value` printed as `%.Nf` (N = `decimals`) right-aligned in `width`, or `—` when absent.
    private static func appendCell(_ value: Double?, decimals: Int, width: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: " "))
        guard let value else {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - 1))
            bytes.append(contentsOf: "—".utf8)
            return
        }
        let start = bytes.count
        if !appendFixed(value, decimals: decimals, to: &bytes) {
            appendPrinted(value, format: "%.\(decimals)f", to: &bytes)
        }
        pad(from: start, width: width, in: &bytes)
    }

    /// `value` as `%.Nf` prints it (N = `decimals`, at most 9), without the C library: the exact value of the double
    /// times 10ᴺ, rounded half to even, then its digits; a sign for anything with the sign bit (`-0.000000`).
    ///
    /// `value × 10ᴺ` is computed as a double `p` plus its exact rounding error `e` (a fused multiply-add), so the
    /// rounding sees the exact product: `p` rounded half to even is right unless `p` lies exactly halfway, where the
    /// sign of `e` decides.
    ///
    /// - Returns: Whether it was written: not for a value that is not finite or whose `value × 10ᴺ` reaches 2⁵².
    static func appendFixed(_ value: Double, decimals: Int, to bytes: inout [UInt8]) -> Bool {
        guard value.isFinite, (0...9).contains(decimals) else { return false }
        var divisor: UInt64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        let magnitude = value.magnitude
        let scale = Double(divisor)
        let product = magnitude * scale
        guard product < 4_503_599_627_370_496 else { return false }
        let error = (-product).addingProduct(magnitude, scale)
        var rounded = product.rounded(.toNearestOrEven)
        let offset = product - rounded
        if offset == 0.5, error > 0 {
            rounded += 1
        } else if offset == -0.5, error < 0 {
            rounded -= 1
        }
        if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
        let digits = UInt64(rounded)
        appendDecimal(digits / divisor, to: &bytes)
        if decimals > 0 {
            bytes.append(UInt8(ascii: "."))
            appendDigits(Int(digits % divisor), count: decimals, to: &bytes)
        }
        return true
    }

    /// `value` printed by `vsnprintf` with `format` (one `%.Nf`): for what ``appendFixed(_:decimals:to:)`` leaves.
    private static func appendPrinted(_ value: Double, format: String, to bytes: inout [UInt8]) {
        let written = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 48) { buffer in
            let length = withVaList([value]) { arguments in
                format.withCString { vsnprintf(buffer.baseAddress, buffer.count, $0, arguments) }
            }
            guard length >= 0, Int(length) < buffer.count else { return false }
            buffer.prefix(Int(length)).withMemoryRebound(to: UInt8.self) { bytes.append(contentsOf: $0) }
            return true
        }
        if !written {
            bytes.append(contentsOf: String(format: format, value).utf8)
        }
    }

    /// Right-aligns the ASCII text from `start` to the end in `width` columns.
    private static func pad(from start: Int, width: Int, in bytes: inout [UInt8]) {
        let length = bytes.count - start
        guard length < width else { return }
        bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: width - length), at: start)
    }
}
