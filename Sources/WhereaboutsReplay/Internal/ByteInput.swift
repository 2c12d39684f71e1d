package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file or standard input in fixed-size chunks, so memory stays constant whatever the
/// input's size.
///
/// gzip input (`walk.gpx.gz`, or `gzip -c walk.gpx |` on standard input) is handed out decompressed, chunk by chunk
/// (see ``GzipInflater``). Text that starts with a UTF-16 byte-order mark (or `<?` in UTF-16) is handed out as
/// UTF-8, chunk by chunk; other input is handed out as it is read.
package struct ByteInput {
    /// The chunk size: 64 KiB.
    package static let chunkSize = 65_536

    let name: String
    /// Whether the input can be read only once (standard input, a pipe, a named FIFO, a device): it is then
    /// never opened a second time (for a loop, or for a GPX file's routes after its tracks).
    let isReadableOnce: Bool
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
    private var compressionChecked = false
    /// Set when the input is gzip.
    private var inflater: GzipInflater?

    /// Opens a file: a regular file, or a pipe, a named FIFO or a device, which is read once.
    ///
    /// Opening a named FIFO waits for a program to open it for writing, as `cat` does.
    init(contentsOf url: URL) throws(ReplayIssue) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw ReplayIssue(
                file: url.path,
                line: 0,
                message: "cannot be opened (\(String(cString: strerror(code))))"
                    + (code == ENOENT ? "; check the path" : code == EACCES ? "; check its permissions" : "")
            )
        }
        var info = stat()
        let kind = fstat(descriptor, &info) == 0 ? info.st_mode & S_IFMT : S_IFREG
        guard kind != S_IFDIR else {
            close(descriptor)
            throw ReplayIssue(file: url.path, line: 0, message: "is a folder; give a .gpx or .nmea file")
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        isReadableOnce = kind != S_IFREG
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
        isReadableOnce = true
        closesOnEnd = false
        pending = prefix.isEmpty ? [] : [prefix]
        memory = Data()
        memoryChunkSize = 1
    }

    /// Reads bytes already in memory, in chunks of at most `chunkSize`.
    package init(data: Data, name: String, chunkSize: Int = ByteInput.chunkSize) {
        handle = nil
        self.name = name
        isReadableOnce = false
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

    /// The next chunk as read, decompressed when the input is gzip, or `nil` at the end.
    private mutating func readChunk() throws(ReplayIssue) -> Data? {
        if !compressionChecked {
            compressionChecked = true
            guard var head = try rawChunk() else { return nil }
            while head.count < 2, let more = try rawChunk() { head.append(more) }
            guard GzipInflater.isGzip(head) else { return head }
            var inflater = GzipInflater()
            inflater.append(head)
            self.inflater = inflater
        }
        // Taken out while in use, so its buffers are not copied on write.
        guard var inflater else { return try rawChunk() }
        self.inflater = nil
        defer { self.inflater = inflater }
        while true {
            let text: [UInt8]
            do {
                text = try inflater.next(limit: Self.chunkSize)
            } catch {
                throw damaged(error)
            }
            if !text.isEmpty { return Data(text) }
            guard let more = try rawChunk() else {
                do {
                    try inflater.finish()
                } catch {
                    throw damaged(error)
                }
                return nil
            }
            inflater.append(more)
        }
    }

    private func damaged(_ failure: GzipInflater.Failure) -> ReplayIssue {
        ReplayIssue(file: name, line: 0, message: "is gzip-compressed but cannot be decompressed: \(failure.message)")
    }

    /// The next chunk as read, or `nil` at the end.
    private mutating func rawChunk() throws(ReplayIssue) -> Data? {
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
        // read(2) returns what a pipe holds now (a slow `gpspipe -r` plays as it comes) and says why it failed.
        var data = Data(count: Self.chunkSize)
        let count = data.withUnsafeMutableBytes { buffer in
            while true {
                let count = read(handle.fileDescriptor, buffer.baseAddress, buffer.count)
                if count >= 0 || errno != EINTR { return count }
            }
        }
        guard count >= 0 else {
            let code = errno
            throw ReplayIssue(file: name, line: 0, message: "cannot be read (\(String(cString: strerror(code))))")
        }
        data.count = count
        guard !data.isEmpty else {
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
