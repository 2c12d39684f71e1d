#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A tolerant parser for old-style ASCII property lists: `{ k = v; }`, `( a, b, )`, quoted strings with
/// escapes, unquoted words, `/* */` and `//` comments. It tracks lines and columns for positions and errors.
///
/// It builds an ``ASCIIPlistTree``: the nodes point into the bytes it was given, which it keeps without copying,
/// and no string is decoded while parsing.
struct ASCIIPlistParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private var line = 1
    private var lineStart = 0
    /// The nodes written so far, in chunks of ``ASCIIPlistTree/chunkShift`` bits.
    private var chunks: [[ASCIIPlistTree.Node]] = []
    private var nodeCount = 0
    /// Where each line starts, for the tree's positions.
    private var lineStarts: [UInt32] = [0]

    init(text: String) {
        bytes = Array(text.utf8)
        reserveLineStarts()
    }

    /// A parser of UTF-8 bytes, which it keeps without copying them.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        reserveLineStarts()
    }

    /// Sizes the line table once, from a count of the newlines: grown by doubling, a table of a large file leaves
    /// its smaller copies behind as freed memory the process keeps.
    private mutating func reserveLineStarts() {
        let newlines = bytes.withUnsafeBufferPointer { buffer -> Int in
            guard var cursor = buffer.baseAddress.map(UnsafeRawPointer.init) else { return 0 }
            let end = cursor + buffer.count
            var count = 0
            while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
                count += 1
                cursor = UnsafeRawPointer(found) + 1
            }
            return count
        }
        lineStarts.reserveCapacity(newlines + 1)
    }

    /// Parses one value (a whole `project.pbxproj`), allowing only comments and space after it.
    mutating func parseDocument() throws(ASCIIPlistError) -> ASCIIPlistValue {
        try checkSize()
        try skipTrivia()
        let value = try parseValue()
        try skipTrivia()
        if index < bytes.count { throw error("unexpected text after the end of the property list") }
        return ASCIIPlistValue(tree: makeTree(), node: value)
    }

    /// Parses a `.strings` file: `"key" = "value";` entries up to the end, with no surrounding braces.
    mutating func parseStringsFile() throws(ASCIIPlistError) -> ASCIIPlistDictionary {
        try checkSize()
        try skipTrivia()
        if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
            if let dictionary = try parseDocument().dictionary { return dictionary }
        }
        let node = try parseEntries(until: nil)
        return ASCIIPlistDictionary(tree: makeTree(), node: node)
    }

    private func makeTree() -> ASCIIPlistTree {
        ASCIIPlistTree(bytes: bytes, chunks: chunks, nodeCount: nodeCount, lineStarts: lineStarts)
    }

    private func checkSize() throws(ASCIIPlistError) {
        guard bytes.count <= ASCIIPlistTree.maximumSize else {
            throw ASCIIPlistError(
                message: "the file is larger than \(ASCIIPlistTree.maximumSize >> 20) MiB, more than the linter reads",
                line: 1,
                column: 1
            )
        }
    }

    /// Appends a node and returns its index.
    private mutating func append(_ kind: ASCIIPlistTree.Kind, start: Int, end: Int, info: UInt32 = 0) -> Int {
        let node = ASCIIPlistTree.Node(
            start: UInt32(truncatingIfNeeded: start),
            end: UInt32(truncatingIfNeeded: end),
            info: kind.rawValue << ASCIIPlistTree.kindShift | info
        )
        if nodeCount & ASCIIPlistTree.chunkMask == 0 {
            var chunk: [ASCIIPlistTree.Node] = []
            chunk.reserveCapacity(ASCIIPlistTree.chunkMask + 1)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(node)
        nodeCount += 1
        return nodeCount - 1
    }

    /// Sets where a container's children end, and how many there are.
    private mutating func close(_ node: Int, children: Int) {
        chunks[node >> ASCIIPlistTree.chunkShift][node & ASCIIPlistTree.chunkMask].end = UInt32(nodeCount)
        chunks[node >> ASCIIPlistTree.chunkShift][node & ASCIIPlistTree.chunkMask].info |= UInt32(children)
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
            lineStarts.append(UInt32(truncatingIfNeeded: lineStart))
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

    private mutating func parseValue() throws(ASCIIPlistError) -> Int {
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
            return dictionary
        case UInt8(ascii: "("):
            advance()
            return try parseArray()
        default:
            return try parseString()
        }
    }

    /// Parses `key = value;` entries until `terminator` (left unconsumed) or, when `nil`, the end of input, and
    /// returns the dictionary's node.
    private mutating func parseEntries(until terminator: UInt8?) throws(ASCIIPlistError) -> Int {
        let dictionary = append(.dictionary, start: terminator == nil ? index : index - 1, end: 0)
        var children = 0
        while true {
            try skipTrivia()
            guard index < bytes.count else {
                if terminator == nil {
                    close(dictionary, children: children)
                    return dictionary
                }
                throw error("unexpected end of file inside a dictionary; a closing } is missing")
            }
            if let terminator, bytes[index] == terminator {
                close(dictionary, children: children)
                return dictionary
            }
            let key = try parseString()
            try skipTrivia()
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                advance()
                try skipTrivia()
                _ = try parseValue()
                try skipTrivia()
            } else if terminator != nil {
                throw error("expected '=' after the key \"\(keyText(key))\"")
            } else {
                // A `.strings` entry written `"key";` is its own value.
                let written = tree(key)
                _ = append(
                    written.kind,
                    start: Int(written.node.start),
                    end: Int(written.node.end),
                    info: written.flags
                )
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                throw error("expected ';' after the value of \"\(keyText(key))\"")
            }
            advance()
            children += 2
        }
    }

    /// A node written so far, its kind and flags.
    private func tree(_ node: Int) -> (node: ASCIIPlistTree.Node, kind: ASCIIPlistTree.Kind, flags: UInt32) {
        let written = chunks[node >> ASCIIPlistTree.chunkShift][node & ASCIIPlistTree.chunkMask]
        let kind = ASCIIPlistTree.Kind(rawValue: written.info >> ASCIIPlistTree.kindShift)!
        return (written, kind, written.info & ~(3 << ASCIIPlistTree.kindShift))
    }

    /// The text of a key node written so far, for a message.
    private func keyText(_ node: Int) -> String {
        let (written, kind, flags) = tree(node)
        let start = Int(written.start) + (kind == .quoted ? 1 : 0)
        let end = Int(written.end) - (kind == .quoted ? 1 : 0)
        let text = bytes[start..<end]
        return String(
            decoding: flags & ASCIIPlistTree.escapesBit == 0 ? Array(text) : ASCIIPlistTree.unescape(text),
            as: UTF8.self
        )
    }

    private mutating func parseArray() throws(ASCIIPlistError) -> Int {
        let array = append(.array, start: index - 1, end: 0)
        var children = 0
        while true {
            try skipTrivia()
            guard index < bytes.count else {
                throw error("unexpected end of file inside an array; a closing ) is missing")
            }
            if bytes[index] == UInt8(ascii: ")") {
                advance()
                close(array, children: children)
                return array
            }
            _ = try parseValue()
            children += 1
            try skipTrivia()
            guard index < bytes.count else { continue }
            if bytes[index] == UInt8(ascii: ",") {
                advance()
            } else if bytes[index] != UInt8(ascii: ")") {
                throw error("expected ',' or ')' in an array")
            }
        }
    }

    private mutating func parseString() throws(ASCIIPlistError) -> Int {
        let quote = bytes[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") { return try parseQuoted(quote) }
        let start = index
        while index < bytes.count, Self.isWordByte(bytes[index]) { advance() }
        guard index > start else {
            let character = String(decoding: [bytes[index]], as: UTF8.self)
            throw error("unexpected '\(character)'; expected a string, '{' or '('")
        }
        return append(.word, start: start, end: index)
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

    /// Finds the end of a quoted string; its escapes are decoded when it is read (``ASCIIPlistTree/unescape(_:)``).
    private mutating func parseQuoted(_ quote: UInt8) throws(ASCIIPlistError) -> Int {
        let unterminated = error("unterminated quoted string; a closing quote is missing")
        let start = index
        advance()
        var escapes = false
        while true {
            guard index < bytes.count else { throw unterminated }
            let byte = bytes[index]
            if byte == quote {
                advance()
                return append(.quoted, start: start, end: index, info: escapes ? ASCIIPlistTree.escapesBit : 0)
            }
            advance()
            if byte == UInt8(ascii: "\\"), index < bytes.count {
                escapes = true
                advance()
            }
        }
    }
}
