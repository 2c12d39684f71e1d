/// Finds where a piece of markup (`<tag …>`, `<!-- … -->`, `<? … ?>`, `<![CDATA[ … ]]>`,
/// `<!DOCTYPE …>`) ends, resumably: it keeps its state between chunks, so a token split across
/// chunks, or skipped because it is too long, is never scanned twice.
struct MarkupEnd {
    /// What kind of markup is being read.
    enum Kind: UInt8 {
        case startTag, endTag, comment, processingInstruction, cdata, doctype

        /// How many bytes open it: `<`, `</`, `<!--`, `<?`, `<![CDATA[`, `<!DOCTYPE`.
        var openingLength: Int {
            switch self {
            case .startTag: 1
            case .endTag, .processingInstruction: 2
            case .comment: 4
            case .cdata, .doctype: 9
            }
        }
    }

    /// What a scan found.
    enum Result {
        /// The markup ends just before this index.
        case found(Int)
        /// The buffer ends first.
        case notFound
        /// A `<` inside a tag, at this index: the tag was never closed.
        case strayLessThan(Int)
    }

    let kind: Kind
    private var quote: UInt8 = 0
    private var run = 0
    private var depth = 0

    init(kind: Kind) {
        self.kind = kind
    }

    /// Scans from `start` to the end of the buffer.
    ///
    /// - Parameters:
    ///   - bytes: The buffer.
    ///   - start: Where the previous scan stopped (or just after the opening).
    /// - Returns: Where the markup ends, or why it does not end here.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result {
        var index = max(start, 0)
        let count = bytes.count
        switch kind {
        case .startTag, .endTag:
            while index < count {
                let byte = bytes[index]
                if byte == XMLBytes.lessThan { return .strayLessThan(index) }
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == XMLBytes.greaterThan {
                    return .found(index + 1)
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                }
                index += 1
            }
        case .comment, .cdata:
            let dash = kind == .comment ? UInt8(ascii: "-") : UInt8(ascii: "]")
            while index < count {
                let byte = bytes[index]
                if byte == dash {
                    run += 1
                } else if byte == XMLBytes.greaterThan && run >= 2 {
                    return .found(index + 1)
                } else {
                    run = 0
                }
                index += 1
            }
        case .processingInstruction:
            while index < count {
                let byte = bytes[index]
                if byte == XMLBytes.greaterThan && run == 1 { return .found(index + 1) }
                run = byte == UInt8(ascii: "?") ? 1 : 0
                index += 1
            }
        case .doctype:
            while index < count {
                let byte = bytes[index]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "]") {
                    depth -= 1
                } else if byte == XMLBytes.greaterThan && depth <= 0 {
                    return .found(index + 1)
                }
                index += 1
            }
        }
        return .notFound
    }
}
