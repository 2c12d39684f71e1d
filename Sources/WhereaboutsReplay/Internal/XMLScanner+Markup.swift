extension XMLScanner {
    /// What an attribute lookup found.
    enum AttributeLookup {
        /// The tag has no such attribute.
        case missing
        /// The decoded value is in ``XMLScanner/value``.
        case found
        /// The value holds a bad entity at this position.
        case badEntity(XMLPosition)
    }

    /// Starts reading the markup at `pos` (a `<`).
    mutating func beginMarkup() -> Step {
        let available = buffer.count - pos
        guard available >= 2 || atEnd else { return .more }
        let kind: MarkupEnd.Kind
        let second = available >= 2 ? buffer[pos + 1] : 0
        switch second {
        case XMLBytes.slash:
            kind = .endTag
        case UInt8(ascii: "?"):
            kind = .processingInstruction
        case UInt8(ascii: "!"):
            guard available >= 9 || atEnd else { return .more }
            if startsWith("<!--") {
                kind = .comment
            } else if startsWith("<![CDATA[") {
                kind = .cdata
            } else if startsWith("<!DOCTYPE") {
                kind = .doctype
            } else {
                return misplacedLessThan("'<!' starts neither a comment, a CDATA section nor a DOCTYPE")
            }
        case _ where available < 2 || XMLBytes.isNameStart(second):
            kind = .startTag
        default:
            return misplacedLessThan("'<' is not followed by a tag name (write &lt; for a literal '<')")
        }
        markupPosition = position(of: pos)
        markup = MarkupEnd(kind: kind)
        markupStart = pos
        scanIndex = pos + kind.openingLength
        // Comments, processing instructions and the DOCTYPE are skipped, never kept.
        skippingMarkup =
            kind == .comment || kind == .processingInstruction || kind == .doctype
            || (kind == .cdata && !collectsText)
        // The markup is read at once, as the next turn of `next()` would.
        return continueMarkup()
    }

    private mutating func misplacedLessThan(_ message: String) -> Step {
        let position = self.position(of: pos)
        pos += 1
        recovering = true
        if collectsText { textDamaged = true }
        return .event(.issue(position, message))
    }

    private func startsWith(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard buffer.count - pos >= count else { return false }
        let pointer = literal.utf8Start
        for index in 0..<count where buffer[pos + index] != pointer[index] { return false }
        return true
    }

    /// Looks for the end of the markup in progress.
    mutating func continueMarkup() -> Step {
        guard var finder = markup else { return .next }
        let from = scanIndex
        let result = buffer.withUnsafeBufferPointer { finder.scan($0, from: from) }
        markup = finder
        switch result {
        case .found(let end):
            markup = nil
            pos = end
            if skippingMarkup {
                skippingMarkup = false
                return .next
            }
            switch finder.kind {
            case .startTag: return startTag(from: markupStart, to: end)
            case .endTag: return endTag(from: markupStart, to: end)
            case .cdata:
                if let issue = appendText(from: markupStart + 9, to: end - 3) { return .event(issue) }
                return .next
            case .comment, .processingInstruction, .doctype: return .next
            }
        case .strayLessThan(let index):
            markup = nil
            let wasSkipping = skippingMarkup
            skippingMarkup = false
            pos = index
            if wasSkipping { return .next }
            if collectsText { textDamaged = true }
            let position = self.position(of: index)
            let what = finder.kind == .endTag ? "an end tag" : "the <\(tagName(at: markupStart + 1))> tag"
            let column = markupPosition.column
            return .event(.issue(position, "'<' inside \(what) opened at column \(column): a '>' is missing"))
        case .notFound:
            scanIndex = buffer.count
            if !skippingMarkup && buffer.count - markupStart > Self.tokenLimit {
                skippingMarkup = true
                if collectsText { textDamaged = true }
                let what = finder.kind == .cdata ? "a CDATA section" : "the <\(tagName(at: markupStart + 1))> tag"
                return .event(.issue(markupPosition, "\(what) is longer than 64 KiB; skipped"))
            }
            return .more
        }
    }

    /// A tag's name, shortened, for messages.
    private func tagName(at start: Int) -> String {
        var end = max(start, 0)
        while end < buffer.count, end - start < 64, XMLBytes.isNameByte(buffer[end]) { end += 1 }
        return String(decoding: buffer[min(max(start, 0), end)..<end], as: UTF8.self)
    }

    /// Reads a complete start tag, `buffer[start] == "<"` and `buffer[end - 1] == ">"`.
    private mutating func startTag(from start: Int, to end: Int) -> Step {
        tagPosition = markupPosition
        let last = end - 1
        var index = start + 1
        while index < last, XMLBytes.isNameByte(buffer[index]) { index += 1 }
        let nameStart = start + 1
        let nameEnd = index
        var localStart = nameStart
        for colon in nameStart..<nameEnd where buffer[colon] == XMLBytes.colon { localStart = colon + 1 }
        let kind = buffer.withUnsafeBufferPointer { bytes in
            GPXElement.classify(UnsafeBufferPointer(rebasing: bytes[localStart..<nameEnd]))
        }
        let hash = buffer.withUnsafeBufferPointer { bytes in
            XMLBytes.hash(UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]))
        }
        attributes.removeAll(keepingCapacity: true)
        var selfClosing = false
        var damagedAt: Int?
        attributeLoop: while true {
            let before = index
            while index < last, XMLBytes.isSpace(buffer[index]) { index += 1 }
            guard index < last else { break }
            if buffer[index] == XMLBytes.slash {
                if index == last - 1 { selfClosing = true } else { damagedAt = index }
                break
            }
            guard index > before, XMLBytes.isNameStart(buffer[index]) else {
                damagedAt = index
                break
            }
            var attributeLocal = index
            while index < last, XMLBytes.isNameByte(buffer[index]) {
                if buffer[index] == XMLBytes.colon { attributeLocal = index + 1 }
                index += 1
            }
            let attributeEnd = index
            while index < last, XMLBytes.isSpace(buffer[index]) { index += 1 }
            guard index < last, buffer[index] == UInt8(ascii: "=") else {
                damagedAt = index
                break
            }
            index += 1
            while index < last, XMLBytes.isSpace(buffer[index]) { index += 1 }
            guard index < last, buffer[index] == UInt8(ascii: "\"") || buffer[index] == UInt8(ascii: "'") else {
                damagedAt = index
                break
            }
            let quote = buffer[index]
            index += 1
            let valueStart = index
            while index < last, buffer[index] != quote { index += 1 }
            guard index < last else {
                damagedAt = valueStart - 1
                break attributeLoop
            }
            attributes.append(
                AttributeRange(
                    localStart: attributeLocal,
                    localEnd: attributeEnd,
                    valueStart: valueStart,
                    valueEnd: index
                )
            )
            index += 1
        }
        rootSeen = true
        if !selfClosing { push(kind: kind, hash: hash, nameStart: nameStart, nameEnd: nameEnd) }
        var events: [XMLEvent] = []
        if let damagedAt {
            let position = self.position(of: damagedAt)
            events.append(.issue(position, "malformed attributes in the <\(tagName(at: nameStart))> tag"))
        }
        if depth > Self.depthLimit && !reportedDepth {
            reportedDepth = true
            events.append(
                .issue(
                    tagPosition,
                    "elements nest deeper than \(Self.depthLimit) levels; "
                        + "end tags below that depth are not checked"
                )
            )
        }
        if events.isEmpty {
            if selfClosing { pending.append(.end(kind)) }
            return .event(.start(kind, selfClosing: selfClosing))
        }
        events.append(.start(kind, selfClosing: selfClosing))
        if selfClosing { events.append(.end(kind)) }
        pending.append(contentsOf: events.dropFirst())
        return .event(events[0])
    }

    private mutating func push(kind: GPXElement, hash: UInt64, nameStart: Int, nameEnd: Int) {
        guard stack.count < Self.depthLimit else {
            unstoredDepth += 1
            return
        }
        let stored = min(nameEnd - nameStart, 64)
        let element = OpenElement(
            kind: kind,
            hash: hash,
            length: nameEnd - nameStart,
            nameStart: stackNames.count,
            storedLength: stored,
            line: tagPosition.line
        )
        for index in nameStart..<(nameStart + stored) { stackNames.append(buffer[index]) }
        stack.append(element)
    }

    private mutating func pop() -> OpenElement? {
        guard let element = stack.popLast() else { return nil }
        stackNames.removeLast(min(element.storedLength, stackNames.count))
        return element
    }

    /// Reads a complete end tag and matches it against the open elements.
    private mutating func endTag(from start: Int, to end: Int) -> Step {
        let last = end - 1
        var index = start + 2
        while index < last, XMLBytes.isNameByte(buffer[index]) { index += 1 }
        let nameStart = start + 2
        let nameEnd = index
        while index < last, XMLBytes.isSpace(buffer[index]) { index += 1 }
        var written: String { "</\(tagName(at: nameStart))>" }
        guard nameEnd > nameStart, index == last else {
            if collectsText { textDamaged = true }
            return .event(.issue(markupPosition, "malformed end tag \(written)"))
        }
        if unstoredDepth > 0 {
            unstoredDepth -= 1
            return .event(.end(.other))
        }
        let length = nameEnd - nameStart
        let hash = buffer.withUnsafeBufferPointer { bytes in
            XMLBytes.hash(UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]))
        }
        guard let top = stack.last else {
            return .event(.issue(markupPosition, "\(written) closes no open element; ignored"))
        }
        if top.hash == hash && top.length == length {
            _ = pop()
            return .event(.end(top.kind))
        }
        guard let match = stack.lastIndex(where: { $0.hash == hash && $0.length == length }) else {
            if collectsText { textDamaged = true }
            return .event(
                .issue(
                    markupPosition,
                    "\(written) does not match <\(name(of: top))> opened at line \(top.line); ignored"
                )
            )
        }
        let message = "\(written) does not match <\(name(of: top))> opened at line \(top.line); closing both"
        let issue = XMLEvent.issue(markupPosition, message)
        var ends: [XMLEvent] = []
        while stack.count > match, let element = pop() { ends.append(.end(element.kind)) }
        pending.append(contentsOf: ends)
        return .event(issue)
    }

    /// The position of the value ``attribute(_:)`` found last.
    mutating func valuePosition() -> XMLPosition {
        position(of: valueStart)
    }

    /// Finds an attribute of the current start tag by local name and decodes its value into ``value``.
    ///
    /// - Parameter localName: The attribute's name without prefix.
    /// - Returns: Whether it was found, and whether its value is good.
    mutating func attribute(_ localName: StaticString) -> AttributeLookup {
        let found = buffer.withUnsafeBufferPointer { bytes in
            attributes.first { range in
                GPXElement.matches(UnsafeBufferPointer(rebasing: bytes[range.localStart..<range.localEnd]), localName)
            }
        }
        guard let found else { return .missing }
        valueStart = found.valueStart
        value.removeAll(keepingCapacity: true)
        var index = found.valueStart
        while index < found.valueEnd {
            let byte = buffer[index]
            if byte != XMLBytes.ampersand {
                value.append(byte)
                index += 1
                continue
            }
            let entity = buffer.withUnsafeBufferPointer { bytes in
                XMLBytes.entity(in: UnsafeBufferPointer(rebasing: bytes[..<found.valueEnd]), at: index)
            }
            guard case .scalar(let scalar, let length) = entity else { return .badEntity(position(of: index)) }
            XMLBytes.append(scalar, to: &value)
            index += length
        }
        return .found
    }
}
