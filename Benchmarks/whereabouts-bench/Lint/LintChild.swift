import ArgumentParser
import Foundation
import SwiftParser
import SwiftSyntax
import WhereaboutsLint

/// `whereabouts-bench lint-child MODE FOLDER` (hidden): one timed lint or parse-only pass in a process of its own,
/// so the parent can pin it to 1 or 2 cores with `taskset`. Prints `SECONDS COUNT`.
///
/// - `lint`: `Linter().lint([folder])`, the library API the CLI calls; COUNT is the number of findings.
/// - `parse`: lists the Swift files under the folder, then reads each and runs `Parser.parse` on it, on a task
///   group as wide as the linter's (`activeProcessorCount` tasks at a time); COUNT is the number of top-level
///   statements parsed.
struct LintChild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint-child",
        abstract: "One timed lint or parse-only pass (run by the lint benchmark).",
        shouldDisplay: false
    )

    @Argument(help: "lint or parse")
    var mode: String

    @Argument(help: "The generated project's folder.")
    var folder: String

    @Flag(help: "In lint mode, also print how many findings each rule made (to standard error).")
    var showFindings = false

    func run() async throws {
        let root = URL(fileURLWithPath: folder, isDirectory: true)
        let start = Measure.now()
        let count: Int
        switch mode {
        case "lint":
            let findings = await Linter().lint([root]).findings
            count = findings.count
            if showFindings {
                let byRule = Dictionary(grouping: findings, by: \.ruleID).mapValues(\.count)
                for (rule, number) in byRule.sorted(by: { $0.key < $1.key }) {
                    FileHandle.standardError.write(Data("\(rule): \(number)\n".utf8))
                }
            }
        case "parse":
            count = await Self.parseAll(under: root)
        default:
            throw ValidationError("mode must be lint or parse, not \(mode)")
        }
        print(String(format: "%.6f %d", Measure.now() - start, count))
    }

    /// Reads and parses every Swift file under `root`; returns the total of top-level statements.
    static func parseAll(under root: URL) async -> Int {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var files: [String] = []
        while let next = enumerator?.nextObject() as? String {
            if next.hasSuffix(".swift") { files.append(root.appendingPathComponent(next).path) }
        }
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        return await withTaskGroup(of: Int.self) { group in
            var next = 0
            var total = 0
            func addNext() {
                guard next < files.count else { return }
                let path = files[next]
                next += 1
                group.addTask {
                    guard let data = FileManager.default.contents(atPath: path) else { return 0 }
                    let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
                    return tree.statements.count
                }
            }
            for _ in 0..<width { addNext() }
            for await statements in group {
                total += statements
                addNext()
            }
            return total
        }
    }
}
