/// A small streaming XML scanner over bytes, for GPX.
///
/// It reads its input in chunks and keeps at most one token (a tag, a value) plus one chunk in
/// memory; a token longer than ``tokenLimit`` is reported and skipped, so memory stays bounded on
/// any input. It handles the XML declaration, comments, processing instructions, `<!DOCTYPE>`,
/// CDATA, prefixed names (classified by local name), quoted attributes, self-closing tags, the
/// five named entities, character references and a UTF-8 byte-order mark. Mismatched end tags
/// are reported and recovered from; nothing it reads can make it trap.
///
/// Text is only kept while ``collectsText`` is on (the reader turns it on inside `<ele>`,
/// `<time>` and the like); all other text is skipped byte by byte without being copied.
struct XMLScanner {
    /// The longest tag, attribute list or text kept: 64 KiB.
    static let tokenLimit = 65_536
    /// The deepest nesting whose end tags are checked.
    static let depthLimit = 256
    /// How far into the input text before the document is looked through for `<?xml` or `<gpx`.
    static let leadingContentLimit = 16_384

    enum Step {
        case event(XMLEvent)
        case more
        case next
    }

    enum Phase {
        case byteOrderMark, prolog, body, finished
    }

    struct OpenElement {
        var kind: GPXElement
        var hash: UInt64
        var length: Int
        var nameStart: Int
        var storedLength: Int
        var line: Int
    }

    struct AttributeRange {
        var localStart: Int
        var localEnd: Int
        var valueStart: Int
        var valueEnd: Int
    }

    var source: ByteInput
    var buffer: [UInt8] = []
    var pos = 0
    var atEnd = false
    var phase = Phase.byteOrderMark

    var countedIndex = 0
    var line = 1
    var column = 0

    var markup: MarkupEnd?
    var markupStart = 0
    var scanIndex = 0
    var skippingMarkup = false
    var markupPosition = XMLPosition(line: 1, column: 1)
    var recovering = false

    var stack: [OpenElement] = []
    var stackNames: [UInt8] = []
    var unstoredDepth = 0
    var reportedDepth = false
    var rootSeen = false
    var pending: [XMLEvent] = []
    var pendingHead = 0

    var tagPosition = XMLPosition(line: 1, column: 1)
    var attributes: [AttributeRange] = []
    var value: [UInt8] = []
    var valueStart = 0

    var collectsText = false
    var text: [UInt8] = []
    var textPosition: XMLPosition?
    var textDamaged = false

    init(source: ByteInput) {
        self.source = source
        buffer.reserveCapacity(2 * Self.tokenLimit + 1024)
    }

    /// How many elements are open.
    var depth: Int { stack.count + unstoredDepth }

    /// The next event.
    ///
    /// - Returns: The event; `.endOfInput` from the end on.
    /// - Throws: ``ReplayIssue`` when the input cannot be read.
    mutating func next() throws(ReplayIssue) -> XMLEvent {
        if pendingHead < pending.count {
            let event = pending[pendingHead]
            pendingHead += 1
            if pendingHead == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingHead = 0
            }
            return event
        }
        while true {
            let step: Step
            if phase == .finished {
                return .endOfInput
            } else if pos >= buffer.count && markup == nil {
                step = .more
            } else if phase != .body {
                step = scanStart()
            } else if markup != nil {
                step = continueMarkup()
            } else if recovering {
                step = skipToMarkup()
            } else if buffer[pos] == XMLBytes.lessThan {
                step = beginMarkup()
            } else {
                step = scanText()
            }
            switch step {
            case .event(let event):
                return event
            case .next:
                continue
            case .more:
                let keep = markup == nil ? pos : (skippingMarkup ? scanIndex : markupStart)
                if try !refill(keepingFrom: keep) {
                    // At the end of a short input, its start is judged on what there is.
                    if phase == .prolog, pos < buffer.count { continue }
                    return finish()
                }
            }
        }
    }

    /// Skips a byte-order mark and white space; text before the first `<?xml` or `<gpx` of the first chunk is
    /// skipped with a notice, and a first chunk with neither is not XML.
    private mutating func scanStart() -> Step {
        if phase == .byteOrderMark {
            guard buffer.count - pos >= 3 || atEnd else { return .more }
            if buffer.count - pos >= 3, buffer[pos] == 0xEF, buffer[pos + 1] == 0xBB, buffer[pos + 2] == 0xBF {
                pos += 3
                countedIndex = pos
            }
            phase = .prolog
        }
        while pos < buffer.count, XMLBytes.isSpace(buffer[pos]) { pos += 1 }
        guard pos < buffer.count else { return .more }
        if buffer[pos] == XMLBytes.lessThan {
            phase = .body
            return .next
        }
        let start = documentStart()
        // Look as far as format detection does (16 KiB) before calling the input "not XML".
        if start == nil, !atEnd, buffer.count - pos < Self.leadingContentLimit { return .more }
        phase = .body
        let position = self.position(of: pos)
        guard let start else {
            phase = .finished
            return .event(.issue(position, "is not XML (a GPX file starts with <?xml or <gpx)"))
        }
        var lines = 0
        for index in pos..<start where buffer[index] == XMLBytes.newline { lines += 1 }
        let skipped = start - pos
        pos = start
        let what = lines == 0 ? "\(skipped) byte\(skipped == 1 ? "" : "s")" : "\(lines) line\(lines == 1 ? "" : "s")"
        return .event(
            .skippedLeadingContent(
                position,
                "skipped \(what) before the GPX document (line \(position.line)): not XML, but a header or "
                    + "text written before <?xml or <gpx"
            )
        )
    }

    /// Where `<?xml` or `<gpx` first appears in the buffer, after `pos`.
    private func documentStart() -> Int? {
        var index = pos
        while index < buffer.count {
            guard let found = buffer[index...].firstIndex(of: XMLBytes.lessThan) else { return nil }
            let rest = buffer[found...]
            if rest.starts(with: "<?xml".utf8) || rest.starts(with: "<gpx".utf8) { return found }
            index = found + 1
        }
        return nil
    }

    /// Skips to the next `<` after an error.
    private mutating func skipToMarkup() -> Step {
        let found = buffer.withUnsafeBufferPointer { bytes in
            bytes[pos...].firstIndex(of: XMLBytes.lessThan)
        }
        guard let found else {
            pos = buffer.count
            return .more
        }
        pos = found
        recovering = false
        return .next
    }

    /// Drops the bytes before `keep` and appends the next chunk.
    ///
    /// - Returns: `false` at the end of the input.
    private mutating func refill(keepingFrom keep: Int) throws(ReplayIssue) -> Bool {
        guard !atEnd else { return false }
        let keep = min(max(keep, 0), buffer.count)
        _ = position(of: keep)
        if keep > 0 {
            buffer.removeSubrange(0..<keep)
            pos = max(pos - keep, 0)
            countedIndex = max(countedIndex - keep, 0)
            markupStart = max(markupStart - keep, 0)
            scanIndex = max(scanIndex - keep, 0)
        }
        guard let chunk = try source.nextChunk() else {
            atEnd = true
            return false
        }
        buffer.append(contentsOf: chunk)
        return true
    }

    /// The line and column of a buffer index at or after the last one asked for.
    ///
    /// Every byte is counted once, eight at a time: a word without a newline adds its characters to the column
    /// (bytes that are not UTF-8 continuation bytes, `10xxxxxx`); one with a newline starts a line after the first.
    mutating func position(of index: Int) -> XMLPosition {
        let target = min(index, buffer.count)
        if target > countedIndex {
            var line = self.line
            var column = self.column
            let start = countedIndex
            buffer.withUnsafeBytes { bytes in
                var index = start
                while target - index >= 8 {
                    let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                    // A byte is a newline where `word ^ 0x0A…` has a zero byte; the lowest flag marks the first.
                    let flipped = word ^ 0x0A0A_0A0A_0A0A_0A0A
                    let newlines = (flipped &- 0x0101_0101_0101_0101) & ~flipped & 0x8080_8080_8080_8080
                    if newlines == 0 {
                        column += 8 - (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
                        index += 8
                    } else {
                        line += 1
                        column = 0
                        index += newlines.trailingZeroBitCount / 8 + 1
                    }
                }
                while index < target {
                    let byte = bytes[index]
                    if byte == XMLBytes.newline {
                        line += 1
                        column = 0
                    } else if byte & 0xC0 != 0x80 {
                        column += 1
                    }
                    index += 1
                }
            }
            self.line = line
            self.column = column
            countedIndex = target
        }
        return XMLPosition(line: line, column: column + 1)
    }

    /// The one issue at the end, if the document is incomplete.
    private mutating func finish() -> XMLEvent {
        let wasStarted = phase == .body
        phase = .finished
        guard wasStarted else { return .issue(nil, "is empty; expected a GPX document") }
        let position = self.position(of: buffer.count)
        if let markup {
            let opened = markupPosition.line
            let what: String
            switch markup.kind {
            case .startTag: what = "the <\(partialName())> tag"
            case .endTag: what = "an end tag"
            case .comment: what = "a comment"
            case .processingInstruction: what = "a processing instruction"
            case .cdata: what = "a CDATA section"
            case .doctype: what = "the DOCTYPE"
            }
            return .issue(position, "the file ends inside \(what) opened at line \(opened) (truncated?)")
        }
        // The point being read, when there is one, is what the cut loses; else the innermost element.
        if let innermost = stack.last(where: { $0.kind.isPoint }) ?? stack.last {
            let message = "the file ends inside <\(name(of: innermost))> opened at line \(innermost.line) (truncated?)"
            return .issue(position, message)
        }
        if !rootSeen { return .issue(position, "contains no <gpx> element") }
        return .endOfInput
    }

    /// The name as far as it was read, of a start tag cut off by the end of the input.
    private func partialName() -> String {
        var end = markupStart + 1
        while end < buffer.count, end - markupStart <= 64, XMLBytes.isNameByte(buffer[end]) { end += 1 }
        return String(decoding: buffer[min(markupStart + 1, end)..<end], as: UTF8.self)
    }

    /// An open element's name as written (its first 64 bytes).
    func name(of element: OpenElement) -> String {
        let start = element.nameStart
        let end = min(start + element.storedLength, stackNames.count)
        return String(decoding: stackNames[min(start, end)..<end], as: UTF8.self)
    }
}
