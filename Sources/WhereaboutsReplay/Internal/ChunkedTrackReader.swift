package import Foundation

/// A track reader that reads a ``ByteInput``, chunk by chunk: ``GPXReader`` and ``NMEAReader``.
///
/// It lets one initializer serve both readers where the size of the chunks matters: the fuzz
/// targets and the chunk-boundary tests read a document in small chunks, so every token must
/// survive being split anywhere.
package protocol ChunkedTrackReader: TrackReader {
    /// Reads any byte input: a file, a handle with bytes put back after format detection, data in chunks.
    ///
    /// - Parameters:
    ///   - input: The bytes to read.
    ///   - strict: Whether to throw the first issue instead of reporting it and going on.
    ///   - onIssue: Called with each issue, in the order of the input, when not strict.
    init(input: ByteInput, strict: Bool, onIssue: @escaping (ReplayIssue) -> Void)
}

extension ChunkedTrackReader {
    /// Reads a document held in memory, handing it to the reader in chunks of `chunkSize` bytes.
    ///
    /// A file is read in 64 KiB chunks; small chunks put the splits between chunks everywhere.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - chunkSize: The size of each chunk, at least 1.
    ///   - strict: Whether to throw the first issue instead of reporting it and going on.
    ///   - onIssue: Called with each issue, in the order of the document, when not strict.
    package init(
        data: Data,
        chunkSize: Int,
        strict: Bool = false,
        onIssue: @escaping (ReplayIssue) -> Void = { _ in }
    ) {
        self.init(input: ByteInput(data: data, name: "<data>", chunkSize: chunkSize), strict: strict, onIssue: onIssue)
    }
}
