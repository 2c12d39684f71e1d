/// Parses a JSON document (RFC 8259) into ``PositionedJSON``, keeping the line and column of every value.
///
/// Strict as the RFC is: no comments, no trailing commas, no single quotes; a UTF-8 byte-order mark at the start is
/// skipped. Nesting deeper than ``maximumDepth`` is refused rather than risking the stack. Errors carry the position
/// of the first byte that does not fit and say what was expected there.
struct PositionedJSONParser {
    /// A syntax error: where, and what was expected.
    struct SyntaxError: Error, Sendable {
        var position: JSONPosition
        var message: String
    }

    /// The deepest nesting of arrays and objects accepted (GeoJSON needs four).
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0

    /// Parses a whole document.
    ///
    /// - Parameter bytes: The document's bytes, UTF-8.
    /// - Returns: The value at the top level.
    /// - Throws: ``SyntaxError`` where the document stops being JSON.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> PositionedJSON {
        var parser = PositionedJSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipSpace()
        guard parser.index < bytes.count else {
            throw parser.error("the document is empty; a fence file is a GeoJSON FeatureCollection")
        }
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == bytes.count else {
            throw parser.error("there is more after the end of the document (\(parser.describeHere())); remove it")
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var position: JSONPosition { JSONPosition(line: line, column: column) }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(position: position, message: message)
    }

    /// The byte at the position, as the message shows it: `"x"`, or "the end of the file".
    private func describeHere() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        guard byte >= 0x20, byte < 0x7F else { return "byte 0x" + String(byte, radix: 16, uppercase: true) }
        return "\"\(Character(Unicode.Scalar(byte)))\""
    }

    /// Moves past one byte, counting lines and characters.
    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: advance()
            default: return
            }
        }
    }

    private mutating func value() throws(SyntaxError) -> PositionedJSON {
        let start = position
        guard index < bytes.count else {
            throw error("the file ends where a value was expected; it was cut short, or a bracket is missing")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return PositionedJSON(value: try object(), position: start)
        case UInt8(ascii: "["): return PositionedJSON(value: try array(), position: start)
        case UInt8(ascii: "\""): return PositionedJSON(value: .string(try string()), position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return PositionedJSON(value: try number(), position: start)
        case UInt8(ascii: "t"): return PositionedJSON(value: try literal("true", .bool(true)), position: start)
        case UInt8(ascii: "f"): return PositionedJSON(value: try literal("false", .bool(false)), position: start)
        case UInt8(ascii: "n"): return PositionedJSON(value: try literal("null", .null), position: start)
        default:
            throw error(
                "\(describeHere()) cannot start a JSON value; expected an object, array, string, number, "
                    + "true, false or null (strings take double quotes)"
            )
        }
    }

    private mutating func literal(
        _ word: String,
        _ value: PositionedJSON.Value
    ) throws(SyntaxError)
        -> PositionedJSON.Value
    {
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] == expected else {
                throw error("expected \(word) here, found \(describeHere())")
            }
            advance()
        }
        return value
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("arrays and objects are nested more than \(Self.maximumDepth) deep; this is not a fence file")
        }
    }

    private mutating func object() throws(SyntaxError) -> PositionedJSON.Value {
        try enter()
        advance()  // {
        var members: [(key: String, value: PositionedJSON)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            advance()
            depth -= 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(
                    "expected a member's name in double quotes, found \(describeHere())"
                        + (members.isEmpty ? "" : "; a comma before a closing brace is not allowed in JSON")
                )
            }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected \":\" after the name \"\(key)\", found \(describeHere())")
            }
            advance()
            skipSpace()
            let member = try value()
            members.append((key, member))
            skipSpace()
            guard index < bytes.count else {
                throw error("the file ends inside an object; a \"}\" is missing")
            }
            switch bytes[index] {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"):
                advance()
                depth -= 1
                return .object(members)
            default: throw error("expected \",\" or \"}\" after a member, found \(describeHere())")
            }
        }
    }

    private mutating func array() throws(SyntaxError) -> PositionedJSON.Value {
        try enter()
        advance()  // [
        var elements: [PositionedJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            advance()
            depth -= 1
            return .array(elements)
        }
        while true {
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                throw error("a comma before a closing bracket is not allowed in JSON; remove it")
            }
            elements.append(try value())
            skipSpace()
            guard index < bytes.count else {
                throw error("the file ends inside an array; a \"]\" is missing")
            }
            switch bytes[index] {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"):
                advance()
                depth -= 1
                return .array(elements)
            default: throw error("expected \",\" or \"]\" after an element, found \(describeHere())")
            }
        }
    }

    private mutating func string() throws(SyntaxError) -> String {
        advance()  // "
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() throws(SyntaxError) {
            guard !run.isEmpty else { return }
            // Decoding repairs bad UTF-8; a repaired string has other bytes than the file.
            let text = String(decoding: run, as: UTF8.self)
            guard text.utf8.elementsEqual(run) else {
                throw error("a string holds bytes that are not UTF-8; save the file as UTF-8")
            }
            scalars.append(contentsOf: text.unicodeScalars)
            run.removeAll(keepingCapacity: true)
        }
        while true {
            guard index < bytes.count else {
                throw error("the file ends inside a string; a closing double quote is missing")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try flush()
                advance()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                advance()
                scalars.append(try escape())
            case 0x00..<0x20:
                throw error("a string holds a control character (a line break or tab); write it as \\n or \\t")
            default:
                run.append(byte)
                advance()
            }
        }
    }

    /// The character of an escape whose backslash was just read.
    private mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
        guard index < bytes.count else { throw error("the file ends inside a string's escape") }
        let byte = bytes[index]
        let simple: [UInt8: Unicode.Scalar] = [
            UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/", UInt8(ascii: "b"): "\u{8}",
            UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "n"): "\n", UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
        ]
        if let scalar = simple[byte] {
            advance()
            return scalar
        }
        guard byte == UInt8(ascii: "u") else {
            throw error(
                "\\\(describeHere()) is not a JSON escape; use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\uXXXX"
            )
        }
        advance()
        let first = try hexQuad()
        if (0xD800..<0xDC00).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("a \\u escape of a high surrogate must be followed by its low surrogate") }
            advance()
            advance()
            let second = try hexQuad()
            guard (0xDC00..<0xE000).contains(second),
                let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
            else { throw error("a \\u escape of a high surrogate must be followed by its low surrogate") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(first) else {
            throw error("a \\u escape of a low surrogate must follow a high surrogate")
        }
        return scalar
    }

    private mutating func hexQuad() throws(SyntaxError) -> UInt32 {
        var result: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexDigit(bytes[index]) else {
                throw error("a \\u escape needs four hexadecimal digits, found \(describeHere())")
            }
            result = result << 4 | digit
            advance()
        }
        return result
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number as RFC 8259 writes it: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func number() throws(SyntaxError) -> PositionedJSON.Value {
        let start = index
        let startPosition = position
        func isDigit(_ at: Int) -> Bool {
            at < bytes.count && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9")
        }
        func digits() throws(SyntaxError) {
            guard isDigit(index) else { throw error("expected a digit in a number, found \(describeHere())") }
            while isDigit(index) { advance() }
        }
        if bytes[index] == UInt8(ascii: "-") { advance() }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            advance()
            if isDigit(index) {
                throw SyntaxError(
                    position: startPosition,
                    message: "a number cannot have a leading zero; write 7, not 07"
                )
            }
        } else {
            try digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            advance()
            try digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            advance()
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                advance()
            }
            try digits()
        }
        // Only ASCII digits, signs, "." and "e" were read.
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return .number(Double(text) ?? .nan, text: text)
    }
}
