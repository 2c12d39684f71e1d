/// What the first bytes of an input say about its format: see ``TrackFormat/detect(_:)``.
struct TrackSniffer {
    /// The format the bytes show, or `nil` when they show neither (yet).
    private(set) var format: TrackFormat?

    /// Reads UTF-8 bytes (``ByteInput`` hands out UTF-16 input as UTF-8).
    init(bytes: UnsafeRawBufferPointer) {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { return }
        switch bytes[start] {
        case UInt8(ascii: "<"): format = .gpx
        case UInt8(ascii: "$"), UInt8(ascii: "!"): format = .nmea
        default: format = Self.scan(bytes, from: start)
        }
    }

    /// The format of the first `<gpx`, `<?xml` or whole NMEA sentence after `start`.
    private static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int) -> TrackFormat? {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"):
                let rest = UnsafeRawBufferPointer(rebasing: bytes[index...])
                if rest.starts(with: "<gpx".utf8) || rest.starts(with: "<?xml".utf8) { return .gpx }
            case UInt8(ascii: "$"):
                if isSentence(bytes, at: index) { return .nmea }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Whether a whole sentence starts at `start`: `$`, five letters or digits, printable characters, then
    /// `*` and the two hex digits of its checksum; or, for receivers that send no checksum, `$`, five
    /// letters or digits, a comma and printable characters up to the line break. Sentences longer than
    /// NMEA's 82 characters (high-precision receivers send up to about 100) count, up to the reader's
    /// longest line.
    private static func isSentence(_ bytes: UnsafeRawBufferPointer, at start: Int) -> Bool {
        var checksum: UInt8 = 0
        var index = start + 1
        while index < bytes.count, index - start <= NMEALineInput.maximumLineLength {
            let byte = bytes[index]
            if byte == UInt8(ascii: "*") {
                guard index + 2 < bytes.count, index - start > 5,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { return false }
                return high << 4 | low == checksum
            }
            if byte == 0x0D || byte == 0x0A {
                return index - start > 6 && bytes[start + 6] == UInt8(ascii: ",")
            }
            guard (0x20..<0x7F).contains(byte), byte != UInt8(ascii: "$") else { return false }
            if index - start <= 5, !isAddressCharacter(byte) { return false }
            checksum ^= byte
            index += 1
        }
        return false
    }

    private static func isAddressCharacter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
