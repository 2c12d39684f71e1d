import ArgumentParser
import Foundation

/// Options every benchmark takes.
struct BenchmarkOptions: ParsableArguments {
    @Flag(name: .long, help: "A short run: smaller inputs and fewer repeats (the whole bench in under 3 minutes).")
    var quick = false

    @Option(name: .long, help: "How many times to repeat each measurement (default 5, or 3 with --quick).")
    var repeats: Int?

    @Option(name: .long, help: "Where generated inputs go (default: a folder under the system's temporary folder).")
    var workDirectory: String?

    @Option(name: .long, help: "Output: text (a table for people) or json (one object per figure, for programs).")
    var format: OutputFormat = .text

    /// The number of repeats to use.
    var repeatCount: Int { max(1, repeats ?? (quick ? 3 : 5)) }

    /// The scratch folder, created on first use.
    func scratch() throws -> URL {
        let url = URL(
            fileURLWithPath: workDirectory ?? (NSTemporaryDirectory() + "/whereabouts-bench"),
            isDirectory: true
        )
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func validate() throws {
        if let repeats, repeats < 1 { throw ValidationError("--repeats must be at least 1.") }
    }
}

/// How results are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
