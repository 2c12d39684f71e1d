internal import Foundation
internal import Whereabouts

/// Reads and analyzes a project's source files in parallel, each file once.
struct SourceAnalysis: Sendable {
    /// File (relative to the root) → the location API uses in it.
    var usages: [String: [CodeUsage]]
    /// Files that could not be read.
    var problems: [LintFinding]
    /// The files that could not be read, relative to the root: their uses are not known.
    var unreadable: Set<String> = []

    /// Reads the files, collects the constants of every Swift file, then finds the uses in every file.
    ///
    /// Both passes run on a task group holding at most as many tasks as there are cores. `progress` gets
    /// (steps done, steps to do), a step being one file in one pass.
    ///
    /// - Parameters:
    ///   - files: The files, relative to `root`.
    ///   - root: The folder linted.
    ///   - progress: Called with (steps done, steps to do).
    ///   - readFile: Reads one file, `nil` when it cannot be read; it runs on the reading thread. Tests stand in a
    ///     file system that does not answer.
    /// - Returns: The uses found, and what could not be read.
    static func run(
        files: [String],
        root: URL,
        progress: (@Sendable (Int, Int) -> Void)?,
        readFile: @escaping @Sendable (URL) -> Data? = { try? Data(contentsOf: $0) }
    ) async -> SourceAnalysis {
        let analyzer = SourceAnalyzer()
        let total = files.count * 2
        var done = 0
        let advance = {
            done += 1
            progress?(done, total)
        }

        // Pass 1 parses each Swift file once and keeps the parse; pass 2 only resolves purpose keys
        // against the whole project's constants. The files are read on a thread of their own (a read can wait on
        // a busy disk or a network share, and must not hold a thread of the cooperative pool), a chunk at a time
        // and one chunk ahead of the parsing.
        let reads = ThreadOfItsOwn(name: "WhereaboutsLint.sourceReads")
        let chunks = stride(from: 0, to: files.count, by: readChunkSize).map {
            Array(files[$0..<min($0 + readChunkSize, files.count)])
        }
        func readChunk(_ index: Int) -> Task<[Data?], Never>? {
            guard index < chunks.count else { return nil }
            let urls = chunks[index].map { root.appending(path: $0, directoryHint: .notDirectory) }
            return Task { await reads.run { urls.map(readFile) } }
        }
        var scanned: [(Parsed, CodeUsage?)] = []
        scanned.reserveCapacity(files.count)
        var ahead = readChunk(0)
        for index in chunks.indices {
            let contents = await ahead?.value ?? []
            ahead = readChunk(index + 1)
            scanned += await concurrentMap(Array(zip(chunks[index], contents)), onEach: advance) { file, data in
                Self.scan(file, data: data, analyzer: analyzer)
            }
        }
        let read = scanned.map(\.0)
        var constants: [String: String] = [:]
        var facts = ReceiverFacts()
        var problems: [LintFinding] = []
        for (file, result) in zip(files, read) {
            if case .swift(let analysis) = result {
                constants.merge(analysis.constants) { first, _ in first }
                facts.merge(analysis.facts)
            }
            if case .unreadable = result {
                problems.append(
                    LintRule.unreadableFile.finding(
                        "\(file) cannot be read, so its location API uses were not checked; check that it exists "
                            + "and is readable.",
                        at: SourcePosition(file: file)
                    )
                )
            }
        }
        let shared = constants
        let receivers = ReceiverContext(facts)
        let found = await concurrentMap(Array(zip(files, read)), onEach: advance) { file, parsed -> [CodeUsage] in
            switch parsed {
            case .unreadable, .nothingFound: []
            case .swift(let analysis): analysis.usages(constants: shared, receivers: receivers)
            // The first pass's scan already found a location API name in it: no second search.
            case .objectiveC(let text): ObjectiveCScanner(source: text, file: file).usages()
            }
        }
        // A web view counts after the file's own uses, so the order within a file stays that of the source.
        let withWebViews = zip(found, scanned).map { uses, scan in scan.1.map { uses + [$0] } ?? uses }
        let unreadable = zip(files, read).compactMap { file, parsed -> String? in
            if case .unreadable = parsed { file } else { nil }
        }
        return SourceAnalysis(
            usages: Dictionary(uniqueKeysWithValues: zip(files, withWebViews)),
            problems: problems,
            unreadable: Set(unreadable)
        )
    }

    /// How many files are read in one hop to the reading thread.
    static let readChunkSize = 64

    /// The first pass over one file's bytes (`nil` when it could not be read): its parse, and a web view's use.
    private static func scan(_ file: String, data: Data?, analyzer: SourceAnalyzer) -> (Parsed, CodeUsage?) {
        guard let data else { return (.unreadable, nil) }
        let text = String(decoding: data, as: UTF8.self)
        let scan = SourceBytes.scan(text)
        let webView = scan.webViewOffset.map {
            let position = SourceBytes.position(ofOffset: $0, in: text)
            return CodeUsage(.webView, at: SourcePosition(file: file, line: position.line, column: position.column))
        }
        if file.hasSuffix(".swift") {
            return (.swift(analyzer.analyze(swift: text, file: file, scan: scan)), webView)
        }
        return (scan.locationAPIOffsets.isEmpty ? .nothingFound : .objectiveC(text), webView)
    }

    /// A file after the first pass.
    enum Parsed: Sendable {
        case unreadable
        case swift(SwiftFileAnalysis)
        case objectiveC(String)
        /// A file whose bytes name no location API.
        case nothingFound
    }

    /// `transform` applied to every item on a task group bounded to the core count, results in input order;
    /// `onEach` runs (on the caller's task) as each item finishes.
    static func concurrentMap<Item: Sendable, Result: Sendable>(
        _ items: [Item],
        onEach: () -> Void = {},
        _ transform: @escaping @Sendable (Item) -> Result
    ) async -> [Result] {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var results = [Result?](repeating: nil, count: items.count)
        await withTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            func addNext() {
                guard next < items.count else { return }
                let index = next
                let item = items[index]
                group.addTask { (index, transform(item)) }
                next += 1
            }
            for _ in 0..<width { addNext() }
            for await (index, result) in group {
                results[index] = result
                onEach()
                addNext()
            }
        }
        return results.map { $0! }
    }
}
