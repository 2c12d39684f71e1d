import Foundation
import Whereabouts

/// Splitting the input into lines and handing each to the parser and the epoch assembler.
extension NMEAReader {
    /// Reads lines until one ends an epoch, and returns that epoch's event; at the end of the
    /// input, reads the last unterminated line and moves to ``Phase/draining``.
    mutating func readLines() throws(ReplayIssue) -> SourceEvent? {
        while true {
            if let event = nextReady() { return event }
            if input.isChunkRead {
                guard try input.loadChunk() else {
                    phase = .draining
                    let event = readLastLine()
                    try throwFailure()
                    return event
                }
            }
            // A copy of the chunk (a reference, not the bytes), so `self` can change while it is read.
            let chunk = input.chunk
            let event = chunk.withUnsafeBytes { bytes in scan(bytes) }
            try throwFailure()
            if let event { return event }
        }
    }

    /// Reads the lines of a chunk from the current position, until one ends an epoch or strict
    /// mode stops on an issue. A line cut by the chunk's end waits in `input.carry`.
    private mutating func scan(_ bytes: UnsafeRawBufferPointer) -> SourceEvent? {
        var position = input.position
        defer { input.position = position }
        while position < bytes.count {
            var end = position
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let piece = UnsafeRawBufferPointer(rebasing: bytes[position..<end])
            position = Swift.min(end + 1, bytes.count)
            let isComplete = end < bytes.count
            if input.isSkippingLongLine {
                if isComplete {
                    input.isSkippingLongLine = false
                    input.lineNumber += 1
                }
                continue
            }
            guard isComplete else {
                // +1 for a carriage return: the limit is on the line without its break.
                if input.carry.count + piece.count > NMEALineInput.maximumLineLength + 1 {
                    reportLongLine(input.lineNumber + 1)
                    input.carry.removeAll(keepingCapacity: true)
                    input.isSkippingLongLine = true
                } else {
                    input.carry.append(contentsOf: piece)
                }
                break
            }
            input.lineNumber += 1
            let event: SourceEvent?
            if input.carry.isEmpty {
                event = handle(piece, isLast: false)
            } else if input.carry.count + piece.count > NMEALineInput.maximumLineLength + 1 {
                reportLongLine(input.lineNumber)
                input.carry.removeAll(keepingCapacity: true)
                event = nil
            } else {
                input.carry.append(contentsOf: piece)
                event = handleCarry(isLast: false)
            }
            if event != nil || failure != nil { return event }
        }
        return nil
    }

    /// Handles a last line that has no line break.
    private mutating func readLastLine() -> SourceEvent? {
        guard !input.carry.isEmpty, !input.isSkippingLongLine else { return nil }
        input.lineNumber += 1
        return handleCarry(isLast: true)
    }

    /// Handles the line gathered in `input.carry`, and empties it (keeping its storage).
    private mutating func handleCarry(isLast: Bool) -> SourceEvent? {
        var line: [UInt8] = []
        swap(&line, &input.carry)
        let event = line.withUnsafeBytes { handle($0, isLast: isLast) }
        line.removeAll(keepingCapacity: true)
        swap(&line, &input.carry)
        return event
    }

    /// Parses one line and adds its sentence to the epoch.
    ///
    /// - Parameters:
    ///   - line: The line, without its line feed.
    ///   - isLast: Whether this is the last line and no line feed ended it.
    /// - Returns: The fix the sentence completed, if it closed an epoch; `nil` otherwise.
    private mutating func handle(_ line: UnsafeRawBufferPointer, isLast: Bool) -> SourceEvent? {
        var line = line
        if let last = line.last, last == UInt8(ascii: "\r") { line = UnsafeRawBufferPointer(rebasing: line.dropLast()) }
        guard line.count <= NMEALineInput.maximumLineLength else {
            reportLongLine(input.lineNumber)
            return nil
        }
        if !sawChecksum || isLast {
            let hasChecksum = line.contains(UInt8(ascii: "*"))
            if isLast, sawChecksum, !hasChecksum, line.contains(where: { $0 > UInt8(ascii: " ") }) {
                report(
                    line: input.lineNumber,
                    column: line.count + 1,
                    "the last line is cut short (no checksum, no line break); skipped"
                )
                return nil
            }
            sawChecksum = sawChecksum || hasChecksum
        }
        var parsed = NMEALine.parse(line)
        var skipped = 0
        if !leading.isOver, case .text = parsed, let found = Self.sentenceAfterLeadingBytes(line) {
            (parsed, skipped) = found
        }
        switch parsed {
        case .ignored:
            return nil
        case .comment:
            noise.count(NMEANoise.commentKey, line: input.lineNumber)
            return nil
        case let .text(offset):
            if !leading.isOver {
                leading.add(line: input.lineNumber, column: offset + 1)
            } else {
                report(line: input.lineNumber, column: offset + 1, "not an NMEA sentence: a sentence starts with '$'")
            }
            return nil
        case let .other(key):
            if !leading.isOver { endLeadingContent(skipping: skipped) }
            noise.count(key, line: input.lineNumber)
            return nil
        case let .malformed(offset, message):
            if !leading.isOver { endLeadingContent(skipping: 0) }
            report(line: input.lineNumber, column: offset + 1, message)
            return nil
        case let .sentence(sentence):
            if !leading.isOver { endLeadingContent(skipping: skipped) }
            sawSentence = true
            assembler.add(sentence, line: input.lineNumber)
            return nextReady()
        }
    }

    /// The sentence in a line of leading content that starts with other bytes (binary bytes, a cut
    /// sentence's tail), and how many bytes come before it; `nil` when no `$` in the line starts one.
    private static func sentenceAfterLeadingBytes(_ line: UnsafeRawBufferPointer) -> (NMEALine, Int)? {
        var index = 0
        while let dollar = line[index...].firstIndex(of: UInt8(ascii: "$")) {
            let parsed = NMEALine.parse(UnsafeRawBufferPointer(rebasing: line[dollar...]))
            switch parsed {
            case .sentence, .other: return (parsed, dollar)
            default: index = dollar + 1
            }
        }
        return nil
    }

    /// Reports what came before the first sentence, if anything, and marks the leading content over.
    private mutating func endLeadingContent(skipping bytes: Int) {
        if let issue = leading.end(atLine: input.lineNumber, skippingBytes: bytes, file: name) { report(issue) }
    }

    private mutating func reportLongLine(_ line: Int) {
        report(
            line: line,
            column: NMEALineInput.maximumLineLength + 1,
            "the line is longer than \(NMEALineInput.maximumLineLength) bytes (an NMEA sentence has at "
                + "most 82); skipped"
        )
    }
}
