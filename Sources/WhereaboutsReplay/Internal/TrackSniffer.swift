/// What the first bytes of an input say about its format: see ``TrackFormat/detect(_:)``.
struct TrackSniffer {
    /// The format the bytes show, or `nil` when they show neither (yet).
    private(set) var format: TrackFormat?
    /// Whether the bytes are UTF-16: a byte-order mark (FF FE or FE FF), or `<?` with a zero byte beside
    /// each character.
    private(set) var isUTF16 = false

    init(bytes: UnsafeRawBufferPointer) {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) || bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F])
        {
            isUTF16 = true
            return
        }
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
    /// `*` and the two hex digits of its checksum, before the line ends.
    private static func isSentence(_ bytes: UnsafeRawBufferPointer, at start: Int) -> Bool {
        var checksum: UInt8 = 0
        var index = start + 1
        while index < bytes.count, index - start <= 82 {
            let byte = bytes[index]
            if byte == UInt8(ascii: "*") {
                guard index + 2 < bytes.count, index - start > 5,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { return false }
                return high << 4 | low == checksum
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
