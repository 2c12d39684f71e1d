package import Foundation

/// Reads a file or standard input in fixed-size chunks, so memory stays constant whatever the
/// input's size.
///
/// Text that starts with a UTF-16 byte-order mark (or `<?` in UTF-16) is handed out as UTF-8, chunk by
/// chunk; other input is handed out as it is read.
package struct ByteInput {
    /// The chunk size: 64 KiB.
    package static let chunkSize = 65_536

    let name: String
    private let handle: FileHandle?
    private let closesOnEnd: Bool
    /// Chunks to hand out before reading on, the next one last (put back, or a handle's prefix).
    private var pending: [Data]
    /// Bytes held in memory, cut into chunks as they are asked for.
    private let memory: Data
    private var memoryOffset = 0
    private let memoryChunkSize: Int
    private(set) var isAtEnd = false
    /// Chunks put back after format detection, handed out before anything else.
    private var returned: [Data] = []
    private var encodingChecked = false
    /// Set when the input is UTF-16.
    private var transcoder: UTF16Transcoder?

    /// Opens a file.
    init(contentsOf url: URL) throws(ReplayIssue) {
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ReplayIssue(
                file: url.path,
                line: 0,
                message: "cannot be opened (\(error.localizedDescription)); check the path"
            )
        }
        name = url.path
        closesOnEnd = true
        pending = []
        memory = Data()
        memoryChunkSize = 1
    }

    /// Reads an open handle, such as standard input.
    init(handle: FileHandle, name: String, prefix: Data = Data()) {
        self.handle = handle
        self.name = name
        closesOnEnd = false
        pending = prefix.isEmpty ? [] : [prefix]
        memory = Data()
        memoryChunkSize = 1
    }

    /// Reads bytes already in memory, in chunks of at most `chunkSize`.
    package init(data: Data, name: String, chunkSize: Int = ByteInput.chunkSize) {
        handle = nil
        self.name = name
        closesOnEnd = false
        pending = []
        memory = data
        memoryChunkSize = max(1, chunkSize)
    }

    /// The next chunk, or `nil` at the end.
    package mutating func nextChunk() throws(ReplayIssue) -> Data? {
        if let chunk = returned.popLast() { return chunk }
        guard encodingChecked else { return try firstChunk() }
        guard transcoder != nil else { return try readChunk() }
        return try transcodedChunk()
    }

    /// The first chunk (at least four bytes when the input has them), after deciding from it whether
    /// the input is UTF-16.
    private mutating func firstChunk() throws(ReplayIssue) -> Data? {
        encodingChecked = true
        guard var head = try readChunk() else { return nil }
        while head.count < 4, let more = try readChunk() { head.append(more) }
        guard let isBigEndian = UTF16Transcoder.byteOrder(of: head) else { return head }
        var transcoder = UTF16Transcoder(isBigEndian: isBigEndian)
        let text = transcoder.transcode(head, isLast: false)
        self.transcoder = transcoder
        return text.isEmpty ? try transcodedChunk() : text
    }

    /// The UTF-8 of the next chunk of UTF-16 input.
    private mutating func transcodedChunk() throws(ReplayIssue) -> Data? {
        guard var transcoder else { return try readChunk() }
        defer { self.transcoder = transcoder }
        while let raw = try readChunk() {
            let text = transcoder.transcode(raw, isLast: false)
            if !text.isEmpty { return text }
        }
        let rest = transcoder.transcode(Data(), isLast: true)
        return rest.isEmpty ? nil : rest
    }

    /// The next chunk as read, or `nil` at the end.
    private mutating func readChunk() throws(ReplayIssue) -> Data? {
        if let chunk = pending.popLast() { return chunk }
        guard !isAtEnd else { return nil }
        if memoryOffset < memory.count {
            let start = memory.startIndex + memoryOffset
            memoryOffset = min(memory.count, memoryOffset + memoryChunkSize)
            return Data(memory[start..<memory.startIndex + memoryOffset])
        }
        guard let handle else {
            isAtEnd = true
            return nil
        }
        let data: Data?
        do {
            data = try handle.read(upToCount: Self.chunkSize)
        } catch {
            throw ReplayIssue(file: name, line: 0, message: "cannot be read (\(error.localizedDescription))")
        }
        guard let data, !data.isEmpty else {
            isAtEnd = true
            if closesOnEnd { try? handle.close() }
            return nil
        }
        return data
    }

    /// Puts a chunk back to be read first again (after format detection); an input that reached its
    /// end is not read again after it.
    mutating func putBack(_ chunk: Data) {
        guard !chunk.isEmpty else { return }
        returned.append(chunk)
    }
}
