import Foundation

/// `whereabouts-bench lint`: linting a generated 2,000-file app project against swift-syntax parse-only of the
/// same files, on 1 and on 2 cores, and the linter's 1 → 2 core speed-up.
///
/// Each pass runs in a child process (`lint-child`) pinned with `taskset -c 0` (1 core) or `taskset -c 0,1`
/// (2 cores); the time is measured inside the child around the pass, so process start-up is in neither figure.
/// Lint is the whole `Linter().lint([folder])`: walking the folder, reading the plist, reading and analyzing every
/// file, running the rules. Parse-only lists the Swift files, reads each and runs `Parser.parse`, on a task
/// group as wide as the linter's. Lint and parse-only alternate, `repeats` times each.
enum LintBenchmark: Benchmark {
    static let name = "lint"
    static let abstract = "Lint a generated 2,000-file project vs swift-syntax parse-only, 1 and 2 cores."

    static func run(_ options: BenchmarkOptions) async throws -> [Figure] {
        let fileCount = 2_000
        let folder = try options.scratch().appendingPathComponent("lint-project-\(fileCount)")
        let bytes = try LintProjectGenerator(fileCount: fileCount).write(into: folder)
        guard let taskset = Measure.which("taskset") else {
            print("lint: skipped; taskset (util-linux) is needed to pin the passes to 1 and 2 cores")
            return []
        }
        let cores = ProcessInfo.processInfo.processorCount
        let layouts = cores >= 2 ? [(1, "0"), (2, "0,1")] : [(1, "0")]
        // Each pass takes seconds; with --quick, 2 of each unless --repeats says otherwise.
        let repeats = options.quick && options.repeats == nil ? 2 : options.repeatCount
        var seconds: [Int: (lint: Samples, parse: Samples)] = [:]
        var findings = 0
        for (count, cpus) in layouts {
            var lint: [Double] = []
            var parse: [Double] = []
            for _ in 0..<repeats {
                let (lintSeconds, found) = try pass(taskset, cpus, "lint", folder)
                lint.append(lintSeconds)
                findings = found
                parse.append(try pass(taskset, cpus, "parse", folder).seconds)
            }
            seconds[count] = (Samples(lint), Samples(parse))
        }
        let size = String(format: "%.1f MB", Double(bytes) / 1e6)
        var figures: [Figure] = []
        for (count, _) in layouts {
            guard let pair = seconds[count] else { continue }
            let ratio = pair.lint.median / pair.parse.median
            figures.append(
                Figure(
                    name: "Lint, \(fileCount) files, \(count) core\(count == 1 ? "" : "s")",
                    unit: "s",
                    ours: pair.lint.median,
                    oursSpread: pair.lint.spread,
                    baselineName: "swift-syntax parse-only",
                    baseline: pair.parse.median,
                    baselineSpread: pair.parse.spread,
                    higherIsBetter: false,
                    goal: "lint ≤ 1.25× parse-only",
                    met: ratio <= 1.25,
                    note: count == 1
                        ? "\(size) of Swift, \(findings) findings; lint = \(String(format: "%.2f", ratio))× "
                            + "parse-only; child process pinned with taskset, time taken inside it; "
                            + "\(repeats) runs each, alternating"
                        : "lint = \(String(format: "%.2f", ratio))× parse-only"
                )
            )
        }
        if let one = seconds[1], let two = seconds[2] {
            figures.append(
                Figure(
                    name: "Lint speed-up, 1 → 2 cores",
                    unit: "×",
                    ours: one.lint.median / two.lint.median,
                    baselineName: "parse-only speed-up",
                    baseline: one.parse.median / two.parse.median,
                    higherIsBetter: true,
                    goal: nil,
                    met: nil,
                    note: "median 1-core time / median 2-core time; other processes share this machine"
                )
            )
        }
        return figures
    }

    /// Runs one pinned `lint-child` pass and returns the seconds it measured and its count.
    private static func pass(
        _ taskset: String,
        _ cpus: String,
        _ mode: String,
        _ folder: URL
    ) throws -> (seconds: Double, count: Int) {
        let child = try Measure.run(
            taskset,
            ["-c", cpus, Measure.executablePath, "lint-child", mode, folder.path],
            captureOutput: true
        )
        let parts = child.standardOutput.split(whereSeparator: \.isWhitespace)
        guard child.status == 0, parts.count == 2, let seconds = Double(parts[0]), let count = Int(parts[1]) else {
            throw BenchError("lint-child \(mode) failed (status \(child.status)): \(child.standardOutput)")
        }
        return (seconds, count)
    }
}
