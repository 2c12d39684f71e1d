extension XMLScanner {
    /// Starts keeping the text of the element just opened (and of its children).
    mutating func beginText() {
        collectsText = true
        text.removeAll(keepingCapacity: true)
        textPosition = nil
        textDamaged = false
    }

    /// Stops keeping text.
    mutating func endText() {
        collectsText = false
    }

    /// Reads character data up to the next `<`, decoding references; the text is kept only when
    /// ``collectsText`` is on.
    mutating func scanText() -> Step {
        let start = pos
        let stop = buffer.withUnsafeBufferPointer { bytes in
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                if byte == XMLBytes.lessThan || byte == XMLBytes.ampersand { break }
                index += 1
            }
            return index
        }
        if depth == 0, let stray = firstNonSpace(from: start, to: stop) {
            let position = self.position(of: stray)
            pos = stop
            recovering = true
            return .event(.issue(position, "text outside the <gpx> element"))
        }
        if collectsText, let issue = appendText(from: start, to: stop) {
            pos = stop
            return .event(issue)
        }
        pos = stop
        guard stop < buffer.count else { return .next }
        // Markup follows: read it at once, as the next turn of `next()` would.
        if buffer[stop] == XMLBytes.lessThan { return beginMarkup() }
        guard buffer[stop] == XMLBytes.ampersand else { return .next }
        let entity = buffer.withUnsafeBufferPointer { XMLBytes.entity(in: $0, at: stop) }
        switch entity {
        case .scalar(let scalar, let length):
            if depth == 0 && !(scalar.isASCII && XMLBytes.isSpace(UInt8(scalar.value))) {
                let position = self.position(of: stop)
                pos = stop + length
                recovering = true
                return .event(.issue(position, "text outside the <gpx> element"))
            }
            if collectsText {
                if textPosition == nil { textPosition = position(of: stop) }
                if text.count < Self.tokenLimit { XMLBytes.append(scalar, to: &text) }
            }
            pos = stop + length
            return .next
        case .incomplete where !atEnd:
            return .more
        case .incomplete, .invalid:
            let position = self.position(of: stop)
            let end = min(stop + XMLBytes.longestEntity, buffer.count)
            var snippetEnd = stop + 1
            while snippetEnd < end, buffer[snippetEnd] != XMLBytes.lessThan, !XMLBytes.isSpace(buffer[snippetEnd]) {
                snippetEnd += 1
                if buffer[snippetEnd - 1] == UInt8(ascii: ";") { break }
            }
            let snippet = String(decoding: buffer[stop..<snippetEnd], as: UTF8.self)
            pos = stop + 1
            recovering = true
            if collectsText { textDamaged = true }
            return .event(.issue(position, "bad entity \(snippet.debugDescription) (write &amp; for a literal '&')"))
        }
    }

    /// The index of the first non-space byte in a range, if any.
    private func firstNonSpace(from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            if !XMLBytes.isSpace(buffer[index]) { return index }
            index += 1
        }
        return nil
    }

    /// Appends raw bytes to the kept text, noting where the text starts.
    ///
    /// - Returns: An issue when the text grows past ``tokenLimit``.
    mutating func appendText(from start: Int, to end: Int) -> XMLEvent? {
        guard collectsText, start < end, !textDamaged else { return nil }
        if textPosition == nil, let first = firstNonSpace(from: start, to: end) {
            textPosition = position(of: first)
        }
        guard text.count + (end - start) <= Self.tokenLimit else {
            textDamaged = true
            return .issue(textPosition, "text longer than 64 KiB; skipped")
        }
        text.append(contentsOf: buffer[start..<end])
        return nil
    }
}
