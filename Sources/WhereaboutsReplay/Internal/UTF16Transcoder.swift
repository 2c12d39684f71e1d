import Foundation

/// Turns UTF-16 text (little- or big-endian) into UTF-8 one chunk at a time, so the GPX and NMEA
/// readers, which read UTF-8, read it too.
///
/// A chunk may end inside a code unit or between the two halves of a surrogate pair: the rest is
/// kept for the next chunk. A byte-order mark at the start is dropped; an unpaired surrogate or an
/// odd byte at the end becomes U+FFFD, which the readers then report as they would in UTF-8.
struct UTF16Transcoder {
    /// Whether the text is big-endian (`FE FF`) rather than little-endian (`FF FE`).
    let isBigEndian: Bool
    private var oddByte: UInt8?
    private var highSurrogate: UInt16?
    private var atStart = true

    init(isBigEndian: Bool) {
        self.isBigEndian = isBigEndian
    }

    /// The byte order of text that starts with a UTF-16 byte-order mark or with `<?` in UTF-16.
    ///
    /// - Parameter head: The first bytes (four are enough).
    /// - Returns: `true` for big-endian, `false` for little-endian, `nil` when the bytes are not UTF-16.
    static func byteOrder(of head: some Collection<UInt8>) -> Bool? {
        let first = Array(head.prefix(4))
        if first.starts(with: [0xFF, 0xFE]) || first.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { return false }
        if first.starts(with: [0xFE, 0xFF]) || first.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return true }
        return nil
    }

    /// The UTF-8 of a chunk of UTF-16 bytes.
    ///
    /// - Parameters:
    ///   - chunk: The next bytes of the input.
    ///   - isLast: Whether the input ends after them (a half code unit or pair left is then U+FFFD).
    /// - Returns: The UTF-8 bytes, possibly empty.
    mutating func transcode(_ chunk: Data, isLast: Bool) -> Data {
        var output = [UInt8]()
        output.reserveCapacity(chunk.count / 2 * 3 + 8)
        chunk.withUnsafeBytes { bytes in
            var index = 0
            if let odd = oddByte, !bytes.isEmpty {
                oddByte = nil
                append(unit(odd, bytes[0]), to: &output)
                index = 1
            }
            while index + 1 < bytes.count {
                append(unit(bytes[index], bytes[index + 1]), to: &output)
                index += 2
            }
            if index < bytes.count { oddByte = bytes[index] }
        }
        if isLast, oddByte != nil || highSurrogate != nil {
            oddByte = nil
            highSurrogate = nil
            Self.encode(0xFFFD, to: &output)
        }
        return Data(output)
    }

    private func unit(_ first: UInt8, _ second: UInt8) -> UInt16 {
        isBigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first)
    }

    private mutating func append(_ unit: UInt16, to output: inout [UInt8]) {
        if atStart {
            atStart = false
            if unit == 0xFEFF { return }
        }
        if let high = highSurrogate {
            highSurrogate = nil
            if (0xDC00...0xDFFF).contains(unit) {
                Self.encode(0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00), to: &output)
                return
            }
            Self.encode(0xFFFD, to: &output)
        }
        switch unit {
        case 0xD800...0xDBFF: highSurrogate = unit
        case 0xDC00...0xDFFF: Self.encode(0xFFFD, to: &output)
        default: Self.encode(UInt32(unit), to: &output)
        }
    }

    private static func encode(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            output.append(UInt8(scalar))
        case ..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
