/// Byte classes and small decoders shared by the XML scanner and the value parsers.
enum XMLBytes {
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let ampersand = UInt8(ascii: "&")
    static let slash = UInt8(ascii: "/")
    static let colon = UInt8(ascii: ":")
    static let newline = UInt8(ascii: "\n")

    /// XML white space: space, tab, line feed, carriage return.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    /// A byte that may start a name: an ASCII letter, `_`, `:`, or any byte of a non-ASCII character.
    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_") || byte == colon || byte >= 0x80
    }

    /// A byte that may continue a name: a name start, a digit, `-` or `.`.
    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// The result of reading an entity or character reference that starts with `&`.
    enum Entity {
        /// A character and the reference's length in bytes, `;` included.
        case scalar(Unicode.Scalar, length: Int)
        /// The buffer ends before the reference does.
        case incomplete
        /// Not one of the five named entities nor a valid character reference.
        case invalid
    }

    /// The longest reference read: `&#x10FFFF;` and `&#1114111;` have 10 bytes.
    static let longestEntity = 12

    /// Reads the reference at `start` (which holds `&`).
    ///
    /// - Parameters:
    ///   - bytes: The buffer.
    ///   - start: The index of `&`.
    /// - Returns: The character, or why there is none.
    static func entity(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Entity {
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: ";") {
            if end - start >= longestEntity || bytes[end] == lessThan || isSpace(bytes[end]) { return .invalid }
            end += 1
        }
        guard end < bytes.count else { return end - start >= longestEntity ? .invalid : .incomplete }
        let body = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
        let length = end - start + 1
        if body.first == UInt8(ascii: "#") {
            var value: UInt32 = 0
            var index = 1
            let hex = body.count > 1 && body[1] | 0x20 == UInt8(ascii: "x")
            if hex { index = 2 }
            guard index < body.count else { return .invalid }
            while index < body.count {
                let byte = body[index]
                let digit: UInt32
                if byte &- UInt8(ascii: "0") < 10 {
                    digit = UInt32(byte &- UInt8(ascii: "0"))
                } else if hex, (byte | 0x20) &- UInt8(ascii: "a") < 6 {
                    digit = UInt32((byte | 0x20) &- UInt8(ascii: "a")) + 10
                } else {
                    return .invalid
                }
                value = value &* (hex ? 16 : 10) &+ digit
                if value > 0x10FFFF { return .invalid }
                index += 1
            }
            guard value >= 0x09, let scalar = Unicode.Scalar(value) else { return .invalid }
            return .scalar(scalar, length: length)
        }
        switch body.count {
        case 2 where body[0] == UInt8(ascii: "l") && body[1] == UInt8(ascii: "t"):
            return .scalar("<", length: length)
        case 2 where body[0] == UInt8(ascii: "g") && body[1] == UInt8(ascii: "t"):
            return .scalar(">", length: length)
        case 3 where GPXElement.matches(body, "amp"):
            return .scalar("&", length: length)
        case 4 where GPXElement.matches(body, "quot"):
            return .scalar("\"", length: length)
        case 4 where GPXElement.matches(body, "apos"):
            return .scalar("'", length: length)
        default:
            return .invalid
        }
    }

    /// Appends a character's UTF-8 bytes.
    static func append(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        UTF8.encode(scalar) { bytes.append($0) }
    }

    /// FNV-1a, to compare element names without keeping them whole.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var index = 0
        while index < bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3
            index += 1
        }
        return hash
    }
}
