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
        appendCell("%.6f", location.coordinate.latitude, width: widths[2], to: &bytes)
        appendCell("%.6f", location.coordinate.longitude, width: widths[3], to: &bytes)
        appendCell("%.0f", location.horizontalAccuracy, width: widths[4], to: &bytes)
        appendCell("%.1f", location.speed, width: widths[5], to: &bytes)
        appendCell("%.0f", location.course, width: widths[6], to: &bytes)
        bytes.append(contentsOf: (precise ? "     precise" : " approximate").utf8)
    }

    /// A space, then `value` printed with `format` (one `%.Nf`) right-aligned in `width`, or `—` when absent.
    private static func appendCell(_ format: String, _ value: Double?, width: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: " "))
        guard let value else {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - 1))
            bytes.append(contentsOf: "—".utf8)
            return
        }
        let start = bytes.count
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
        pad(from: start, width: width, in: &bytes)
    }

    /// Right-aligns the ASCII text from `start` to the end in `width` columns.
    private static func pad(from start: Int, width: Int, in bytes: inout [UInt8]) {
        let length = bytes.count - start
        guard length < width else { return }
        bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: width - length), at: start)
    }
}
