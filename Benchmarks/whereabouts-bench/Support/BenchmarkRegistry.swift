import ArgumentParser

/// A benchmark the bench can run on its own (`whereabouts-bench NAME`) or as part of `all`.
protocol Benchmark {
    /// The subcommand name, e.g. `gpx`.
    static var name: String { get }
    /// One line for `--help`.
    static var abstract: String { get }
    /// Runs the benchmark and returns its figures.
    static func run(_ options: BenchmarkOptions) async throws -> [Figure]
}

/// Every benchmark, in the order `all` runs them.
enum BenchmarkRegistry {
    /// The benchmarks `all` runs, in order; each also gets a subcommand of its own name.
    static var benchmarks: [any Benchmark.Type] {
        [
            GPXReadBenchmark.self, NMEAReadBenchmark.self, TrackCommandBenchmark.self, PipelineBenchmark.self,
            CoarsenerBenchmark.self,
            GPSDBenchmark.self, LintBenchmark.self, PrivacyBenchmark.self, GeofenceBenchmark.self,
        ]
    }

    /// Commands that are not benchmarks (helpers run in a child process, and the like).
    static var extraCommands: [any ParsableCommand.Type] {
        [
            ReadTrackCommand.self, LintChild.self,
            FaultConsentWriter.self, FaultConsentKill.self, FaultRevokeEngine.self, PrivacyPicture.self,
        ]
    }

    static var commands: [any ParsableCommand.Type] {
        [RunAll.self] + benchmarks.map { single($0) } + extraCommands
    }

    private static func single<B: Benchmark>(_ benchmark: B.Type) -> any ParsableCommand.Type {
        RunOne<B>.self
    }
}

/// `whereabouts-bench all`: every benchmark in turn (the default).
struct RunAll: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all",
        abstract: "Run every benchmark (the default)."
    )

    @OptionGroup var options: BenchmarkOptions

    func run() async throws {
        var figures: [Figure] = []
        for benchmark in BenchmarkRegistry.benchmarks {
            let more = try await benchmark.run(options)
            FigureReport.print(more, format: options.format, title: benchmark.name)
            figures += more
        }
        FigureReport.printSummary(figures, format: options.format)
    }
}

/// `whereabouts-bench NAME`: one benchmark.
struct RunOne<B: Benchmark>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: B.name, abstract: B.abstract)
    }

    @OptionGroup var options: BenchmarkOptions

    func run() async throws {
        let figures = try await B.run(options)
        FigureReport.print(figures, format: options.format, title: B.name)
        FigureReport.printSummary(figures, format: options.format)
    }
}
