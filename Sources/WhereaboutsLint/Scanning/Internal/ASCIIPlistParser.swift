/// A tolerant parser for old-style ASCII property lists: `{ k = v; }`, `( a, b, )`, quoted strings with
/// escapes, unquoted words, `/* */` and `//` comments. It tracks lines and columns for positions and errors.
struct ASCIIPlistParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private var line = 1
    private var lineStart = 0
    /// The words longer than 15 bytes met so far, each kept once (see ``intern(_:)``).
    private var words: Set<String> = []

    init(text: String) {
        bytes = Array(text.utf8)
    }

    /// A parser of UTF-8 bytes, which it keeps without copying them.
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one value (a whole `project.pbxproj`), allowing only comments and space after it.
    mutating func parseDocument() throws(ASCIIPlistError) -> ASCIIPlistValue {
        try skipTrivia()
        let value = try parseValue()
        try skipTrivia()
        if index < bytes.count { throw error("unexpected text after the end of the property list") }
        return value
    }

    /// Parses a `.strings` file: `"key" = "value";` entries up to the end, with no surrounding braces.
    mutating func parseStringsFile() throws(ASCIIPlistError) -> ASCIIPlistDictionary {
        try skipTrivia()
        if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
            if case .dictionary(let dictionary) = try parseDocument() { return dictionary }
        }
        return try parseEntries(until: nil)
    }

    private var column: Int { index - lineStart + 1 }

    /// The text of a line (1-based), for a message about it; empty past the end.
    func text(ofLine number: Int) -> String {
        var line = 1
        var start = 0
        while line < number, start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return "" }
            start = newline + 1
            line += 1
        }
        guard line == number else { return "" }
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private func error(_ message: String) -> ASCIIPlistError {
        ASCIIPlistError(message: message, line: line, column: column)
    }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func skipTrivia() throws(ASCIIPlistError) {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                advance()
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = error("unterminated /* comment; close it with */")
                advance()
                advance()
                while true {
                    guard index + 1 < bytes.count else { throw start }
                    if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                        advance()
                        advance()
                        break
                    }
                    advance()
                }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { advance() }
            } else {
                return
            }
        }
    }

    /// How deep dictionaries and arrays may nest: real projects nest a few levels; hostile input
    /// nests thousands, which would overflow the stack.
    static let maximumDepth = 256

    private mutating func parseValue() throws(ASCIIPlistError) -> ASCIIPlistValue {
        guard index < bytes.count else { throw error("unexpected end of file; the file looks truncated") }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw error("dictionaries and arrays nest more than \(Self.maximumDepth) deep; the file is damaged")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            advance()
            let dictionary = try parseEntries(until: UInt8(ascii: "}"))
            advance()
            return .dictionary(dictionary)
        case UInt8(ascii: "("):
            advance()
            return .array(try parseArray())
        default:
            return .string(try parseString())
        }
    }

    /// Parses `key = value;` entries until `terminator` (left unconsumed) or, when `nil`, the end of input.
    private mutating func parseEntries(until terminator: UInt8?) throws(ASCIIPlistError) -> ASCIIPlistDictionary {
        var dictionary = ASCIIPlistDictionary()
        while true {
            try skipTrivia()
            guard index < bytes.count else {
                if terminator == nil { return dictionary }
                throw error("unexpected end of file inside a dictionary; a closing } is missing")
            }
            if let terminator, bytes[index] == terminator { return dictionary }
            let keyLine = line
            let keyColumn = column
            let key = try parseString()
            try skipTrivia()
            var value = ASCIIPlistValue.string(key)
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                advance()
                try skipTrivia()
                value = try parseValue()
                try skipTrivia()
            } else if terminator != nil {
                throw error("expected '=' after the key \"\(key)\"")
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                throw error("expected ';' after the value of \"\(key)\"")
            }
            advance()
            dictionary.set(value, for: key, line: keyLine, column: keyColumn)
        }
    }

    private mutating func parseArray() throws(ASCIIPlistError) -> [ASCIIPlistValue] {
        var items: [ASCIIPlistValue] = []
        while true {
            try skipTrivia()
            guard index < bytes.count else {
                throw error("unexpected end of file inside an array; a closing ) is missing")
            }
            if bytes[index] == UInt8(ascii: ")") {
                advance()
                return items
            }
            items.append(try parseValue())
            try skipTrivia()
            guard index < bytes.count else { continue }
            if bytes[index] == UInt8(ascii: ",") {
                advance()
            } else if bytes[index] != UInt8(ascii: ")") {
                throw error("expected ',' or ')' in an array")
            }
        }
    }

    private mutating func parseString() throws(ASCIIPlistError) -> String {
        let quote = bytes[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") { return try parseQuoted(quote) }
        let start = index
        while index < bytes.count, Self.isWordByte(bytes[index]) { advance() }
        guard index > start else {
            let character = String(decoding: [bytes[index]], as: UTF8.self)
            throw error("unexpected '\(character)'; expected a string, '{' or '('")
        }
        return intern(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// The one copy of a word the parser keeps: a `project.pbxproj` writes each object ID several times (its
    /// definition, each reference, each list) and each `isa` and file type thousands of times. Words of up to 15
    /// bytes are stored inside the string itself and are not worth sharing.
    private mutating func intern(_ word: String) -> String {
        guard word.utf8.count > 15 else { return word }
        return words.insert(word).memberAfterInsert
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "\""),
            UInt8(ascii: "'"):
            false
        default:
            true
        }
    }

    private mutating func parseQuoted(_ quote: UInt8) throws(ASCIIPlistError) -> String {
        let start = error("unterminated quoted string; a closing quote is missing")
        advance()
        var output: [UInt8] = []
        while true {
            guard index < bytes.count else { throw start }
            let byte = bytes[index]
            if byte == quote {
                advance()
                return String(decoding: output, as: UTF8.self)
            }
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                output.append(byte)
                advance()
                continue
            }
            advance()
            let escaped = bytes[index]
            advance()
            switch escaped {
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "U"), UInt8(ascii: "u"): output.append(contentsOf: readUnicodeEscape())
            default: output.append(escaped)
            }
        }
    }

    /// Reads up to four hex digits after `\U` and returns the character's UTF-8 bytes.
    private mutating func readUnicodeEscape() -> [UInt8] {
        var scalarValue: UInt32 = 0
        var digits = 0
        while digits < 4, index < bytes.count, let digit = Self.hexValue(bytes[index]) {
            scalarValue = scalarValue * 16 + digit
            digits += 1
            advance()
        }
        guard digits > 0, let scalar = Unicode.Scalar(scalarValue) else { return Array("U".utf8) }
        return Array(String(Character(scalar)).utf8)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
