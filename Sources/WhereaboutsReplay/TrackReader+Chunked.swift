package import Foundation

extension GPXReader {
    /// Reads a document held in memory, handing it to the scanner in chunks of `chunkSize` bytes.
    ///
    /// The fuzz targets and chunk-boundary tests use it: a file is read in 64 KiB chunks, so every
    /// token must survive being split anywhere, and small chunks put the splits everywhere.
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
        let input = ByteInput(data: data, name: "<data>", chunkSize: chunkSize)
        self.init(input: input, strict: strict, onIssue: onIssue)
    }
}

extension NMEAReader {
    /// Reads a log held in memory, in chunks of `chunkSize` bytes.
    ///
    /// The fuzz targets and chunk-boundary tests use it, as for ``GPXReader``.
    ///
    /// - Parameters:
    ///   - data: The log's bytes.
    ///   - chunkSize: The size of each chunk, at least 1.
    ///   - strict: Whether the first malformed line is thrown rather than reported and skipped.
    ///   - onIssue: Called with each malformed line when not strict.
    package init(
        data: Data,
        chunkSize: Int,
        strict: Bool = false,
        onIssue: @escaping (ReplayIssue) -> Void = { _ in }
    ) {
        let input = ByteInput(data: data, name: "<data>", chunkSize: chunkSize)
        self.init(input: input, strict: strict, onIssue: onIssue)
    }
}
