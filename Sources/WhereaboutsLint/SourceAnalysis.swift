internal import Foundation

/// Reads and analyzes a project's source files in parallel, each file once.
struct SourceAnalysis: Sendable {
    /// File (relative to the root) → the location API uses in it.
    var usages: [String: [CodeUsage]]
    /// Files that could not be read.
    var problems: [LintFinding]

    /// Reads the files, collects the constants of every Swift file, then finds the uses in every file.
    ///
    /// Both passes run on a task group holding at most as many tasks as there are cores. `progress` gets
    /// (steps done, steps to do), a step being one file in one pass.
    static func run(files: [String], root: URL, progress: (@Sendable (Int, Int) -> Void)?) async -> SourceAnalysis {
        let analyzer = SourceAnalyzer()
        let total = files.count * 2
        var done = 0
        let advance = {
            done += 1
            progress?(done, total)
        }

        let read = await concurrentMap(files, onEach: advance) { file -> (text: String?, constants: [String: String]) in
            guard let data = try? Data(contentsOf: root.appendingPathComponent(file)) else { return (nil, [:]) }
            let text = String(decoding: data, as: UTF8.self)
            return (text, file.hasSuffix(".swift") ? analyzer.constants(inSwift: text) : [:])
        }
        var constants: [String: String] = [:]
        var problems: [LintFinding] = []
        for (file, result) in zip(files, read) {
            constants.merge(result.constants) { first, _ in first }
            if result.text == nil {
                problems.append(
                    LintFinding(
                        ruleID: LintRule.unreadableFile.id, severity: LintRule.unreadableFile.defaultSeverity,
                        message:
                            "\(file) cannot be read, so its location API uses were not checked; check that it exists "
                            + "and is readable.",
                        position: SourcePosition(file: file)))
            }
        }
        let shared = constants
        let found = await concurrentMap(Array(zip(files, read.map(\.text))), onEach: advance) {
            file, text -> [CodeUsage] in
            guard let text else { return [] }
            if file.hasSuffix(".swift") { return analyzer.usages(inSwift: text, file: file, constants: shared) }
            return analyzer.usages(inObjectiveC: text, file: file)
        }
        return SourceAnalysis(usages: Dictionary(uniqueKeysWithValues: zip(files, found)), problems: problems)
    }

    /// `transform` applied to every item on a task group bounded to the core count, results in input order;
    /// `onEach` runs (on the caller's task) as each item finishes.
    static func concurrentMap<Item: Sendable, Result: Sendable>(
        _ items: [Item], onEach: () -> Void = {}, _ transform: @escaping @Sendable (Item) -> Result
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
