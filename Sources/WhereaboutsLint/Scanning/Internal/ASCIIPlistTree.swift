#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A parsed old-style (OpenStep) ASCII property list: the file's bytes, once, and a flat array of small nodes that
/// point into them.
///
/// A `project.pbxproj` can be tens of megabytes of short words (object IDs, `isa` names, paths). A `String` per
/// word and a `Dictionary` per object took four to five times the file's size; here each word, quoted string,
/// array and dictionary is a 12-byte node holding its byte range (or, for an array or a dictionary, where its
/// children end), in the order they are written, and a string is decoded only when a rule reads it. The nodes
/// are stored in chunks of a fixed size, so the array never grows by copying; a line is found from a table of
/// where each line starts. ``retainedBytes`` says what the whole tree keeps.
final class ASCIIPlistTree {
    /// One value of the document.
    struct Node {
        /// The byte offset of a word's first byte, of a quoted string's opening quote, or of a container's `{` or `(`.
        var start: UInt32
        /// For a string, the offset past its last byte (a quoted string's closing quote); for a container, the
        /// index of the first node after its children.
        var end: UInt32
        /// The kind in the top two bits, whether a quoted string holds a backslash escape in the next, and for a
        /// container the number of its direct children (two a dictionary entry) in the rest.
        var info: UInt32
    }

    /// What a node is.
    enum Kind: UInt32 {
        case word = 0
        case quoted = 1
        case array = 2
        case dictionary = 3
    }

    static let kindShift: UInt32 = 30
    static let escapesBit: UInt32 = 1 << 29
    static let countMask: UInt32 = (1 << 29) - 1
    /// Nodes per chunk: 16,384 nodes of 12 bytes, 192 KiB.
    static let chunkShift = 14
    static let chunkMask = (1 << chunkShift) - 1

    /// The largest file the tree can hold: offsets are 32-bit and a container counts its children in 29 bits,
    /// and an array item takes at least two bytes.
    static let maximumSize = 1 << 30

    /// The file's UTF-8 bytes.
    let bytes: [UInt8]
    private let chunks: [[Node]]
    /// How many nodes there are.
    let nodeCount: Int
    /// The byte offset where each line starts; the first is 0.
    private let lineStarts: [UInt32]

    init(bytes: [UInt8], chunks: [[Node]], nodeCount: Int, lineStarts: [UInt32]) {
        self.bytes = bytes
        self.chunks = chunks
        self.nodeCount = nodeCount
        self.lineStarts = lineStarts
    }

    /// The bytes the tree keeps: the file, the node chunks and the line table, as allocated.
    var retainedBytes: Int {
        bytes.capacity + chunks.reduce(0) { $0 + $1.capacity * MemoryLayout<Node>.stride }
            + chunks.capacity * MemoryLayout<[Node]>.stride + lineStarts.capacity * MemoryLayout<UInt32>.stride
    }

    subscript(index: Int) -> Node {
        chunks[index >> Self.chunkShift][index & Self.chunkMask]
    }

    func kind(_ index: Int) -> Kind {
        Kind(rawValue: self[index].info >> Self.kindShift)!
    }

    /// The number of direct children of an array or dictionary node (twice the entries of a dictionary).
    func childCount(_ index: Int) -> Int {
        Int(self[index].info & Self.countMask)
    }

    /// The index of the node after `index` and everything inside it: its next sibling, if it has one.
    func next(after index: Int) -> Int {
        let node = self[index]
        switch Kind(rawValue: node.info >> Self.kindShift)! {
        case .word, .quoted: return index + 1
        case .array, .dictionary: return Int(node.end)
        }
    }

    /// The byte range of a string node's text as written (without a quoted string's quotes).
    func textRange(_ index: Int) -> Range<Int> {
        let node = self[index]
        if node.info >> Self.kindShift == Kind.quoted.rawValue { return Int(node.start) + 1..<Int(node.end) - 1 }
        return Int(node.start)..<Int(node.end)
    }

    /// Whether a quoted string node holds backslash escapes, so its text must be decoded.
    func hasEscapes(_ index: Int) -> Bool {
        self[index].info & Self.escapesBit != 0
    }

    /// The text of a string node, escapes decoded.
    func string(_ index: Int) -> String {
        let range = textRange(index)
        if !hasEscapes(index) { return String(decoding: bytes[range], as: UTF8.self) }
        return String(decoding: Self.unescape(bytes[range]), as: UTF8.self)
    }

    /// Whether a string node's text is `text`, without decoding it when it has no escapes.
    func string(_ index: Int, equals text: String) -> Bool {
        if hasEscapes(index) { return string(index) == text }
        let range = textRange(index)
        let utf8 = text.utf8
        guard utf8.count == range.count else { return false }
        return utf8.withContiguousStorageIfAvailable { text in
            bytes.withUnsafeBufferPointer { all in
                range.isEmpty || memcmp(all.baseAddress! + range.lowerBound, text.baseAddress!, range.count) == 0
            }
        } ?? bytes[range].elementsEqual(utf8)
    }

    /// Whether two string nodes hold the same text.
    func string(_ index: Int, equalsStringAt other: Int) -> Bool {
        if hasEscapes(index) || hasEscapes(other) { return string(index) == string(other) }
        return bytes[textRange(index)].elementsEqual(bytes[textRange(other)])
    }

    /// A hash of a string node's text (FNV-1a), equal to ``hash(_:)`` of the decoded text.
    func hash(ofStringAt index: Int) -> UInt64 {
        if hasEscapes(index) { return Self.hash(string(index).utf8) }
        return Self.hash(bytes[textRange(index)])
    }

    /// FNV-1a of the bytes.
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }

    /// The 1-based line and column (in bytes) of a node's first byte.
    func position(_ index: Int) -> (line: Int, column: Int) {
        let offset = self[index].start
        // The number of lines that start at or before the offset is the offset's line.
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return (low, Int(offset - lineStarts[low - 1]) + 1)
    }

    /// Decodes the backslash escapes of a quoted string's text: `\n`, `\t`, `\r`, `\U` with up to four hex
    /// digits, and any other character written after a backslash as itself.
    static func unescape(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            index += 1
            guard byte == UInt8(ascii: "\\"), index < text.endIndex else {
                output.append(byte)
                continue
            }
            let escaped = text[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var scalarValue: UInt32 = 0
                var digits = 0
                while digits < 4, index < text.endIndex, let digit = hexValue(text[index]) {
                    scalarValue = scalarValue * 16 + digit
                    digits += 1
                    index += 1
                }
                if digits > 0, let scalar = Unicode.Scalar(scalarValue) {
                    output.append(contentsOf: String(Character(scalar)).utf8)
                } else {
                    output.append(UInt8(ascii: "U"))
                }
            default: output.append(escaped)
            }
        }
        return output
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
