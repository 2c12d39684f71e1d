/// Splitting Objective-C text into tokens, dropping comments and whitespace.
extension ObjectiveCScanner.Token {
    /// The tokens of `bytes`, with 1-based lines and byte columns; comments are skipped, string and character
    /// literals become one token each (their contents never look like names), unterminated ones end at the line.
    static func tokenize(_ bytes: [UInt8]) -> [Self] {
        var tokens: [Self] = []
        var index = 0
        var line = 1
        var lineStart = 0
        func peek(_ offset: Int) -> UInt8? {
            bytes.indices.contains(index + offset) ? bytes[index + offset] : nil
        }
        func newline() {
            line += 1
            lineStart = index + 1
        }
        while index < bytes.count {
            let byte = bytes[index]
            let column = index - lineStart + 1
            switch byte {
            case UInt8(ascii: "\n"):
                newline()
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") { newline() }
                    index += 1
                }
                index += 2
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let (startLine, start) = (line, index + 1)
                index += 1
                while index < bytes.count, bytes[index] != byte, bytes[index] != UInt8(ascii: "\n") {
                    if bytes[index] == UInt8(ascii: "\\"), peek(1) != nil {
                        if peek(1) == UInt8(ascii: "\n") { newline() }
                        index += 1
                    }
                    index += 1
                }
                let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
                tokens.append(Self(kind: .string, text: text, line: startLine, column: column))
                if index < bytes.count, bytes[index] == byte { index += 1 }
            case _ where isNameByte(byte):
                let start = index
                while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                let kind: Kind = isDigit(byte) ? .number : .identifier
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                tokens.append(Self(kind: kind, text: text, line: line, column: column))
            default:
                let text = String(decoding: [byte], as: UTF8.self)
                tokens.append(Self(kind: .punctuation, text: text, line: line, column: column))
                index += 1
            }
        }
        return tokens
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Letters, digits, `_`, `$` and any non-ASCII byte (names may hold Unicode).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            return true
        default:
            return false
        }
    }
}
