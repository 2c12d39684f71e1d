import Foundation
import Glibc

/// A growable byte buffer with fast number formatting, flushed to a file descriptor in large writes.
///
/// The generators write hundreds of megabytes with it, and the `read-track` child formats every
/// fix it reads as a CSV line into one, as gpsbabel's `unicsv` writer does.
///
/// ```swift
/// var out = ASCIIBuffer(descriptor: STDOUT_FILENO)
/// out.append(52.5200081, decimals: 7); out.append("\n"); try out.flush()
/// ```
struct ASCIIBuffer {
    private(set) var bytes: [UInt8] = []
    let descriptor: Int32
    /// Bytes written to the descriptor so far.
    private(set) var written = 0
    private static let powers: [Double] = (0...12).map { pow(10, Double($0)) }

    /// Creates a buffer that flushes to `descriptor` (-1: never written, only kept).
    init(descriptor: Int32, capacity: Int = 1 << 20) {
        self.descriptor = descriptor
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(string text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends a non-negative integer, zero-padded to `width` digits.
    mutating func append(_ value: Int, width: Int = 1) {
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value < 0 ? 0 : value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(48 + rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 && count < 20
            while count < min(width, 20) {
                buffer[count] = 48
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// Appends `value` in fixed-point notation with `decimals` digits after the point (0...12).
    mutating func append(_ value: Double, decimals: Int) {
        guard value.isFinite else {
            append("nan")
            return
        }
        let scale = Self.powers[decimals]
        let scaled = (abs(value) * scale).rounded()
        if value < 0 && scaled > 0 { bytes.append(UInt8(ascii: "-")) }
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        append(whole)
        if decimals > 0 {
            bytes.append(UInt8(ascii: "."))
            append(fraction, width: decimals)
        }
    }

    /// Writes the bytes held to the descriptor (if any) and empties the buffer.
    mutating func flush() throws {
        defer { bytes.removeAll(keepingCapacity: true) }
        guard descriptor >= 0 else { return }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw BenchError("cannot write: \(String(cString: strerror(errno))); check the disk has room")
            }
            offset += count
        }
        written += offset
    }

    /// Flushes when more than `limit` bytes are held.
    mutating func flush(ifOver limit: Int) throws {
        if bytes.count > limit { try flush() }
    }
}
