import Foundation

/// Reads a file or standard input in fixed-size chunks, so memory stays constant whatever the
/// input's size.
struct ByteInput {
    /// The chunk size: 64 KiB.
    static let chunkSize = 65_536

    let name: String
    private let handle: FileHandle
    private let closesOnEnd: Bool
    private(set) var isAtEnd = false

    /// Opens a file.
    init(contentsOf url: URL) throws(ReplayIssue) {
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ReplayIssue(file: url.path, line: 0,
                              message: "cannot be opened (\(error.localizedDescription)); check the path")
        }
        name = url.path
        closesOnEnd = true
    }

    /// Reads an open handle, such as standard input.
    init(handle: FileHandle, name: String) {
        self.handle = handle
        self.name = name
        closesOnEnd = false
    }

    /// The next chunk, or `nil` at the end.
    mutating func nextChunk() throws(ReplayIssue) -> Data? {
        guard !isAtEnd else { return nil }
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
}
