internal import Yams

/// A configuration file the linter cannot use: it names the file, the line and what is wrong.
public struct LintConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The configuration file.
    public let file: String
    /// The 1-based line of the problem, when known.
    public let line: Int?
    /// What is wrong and how to fix it.
    public let problem: String

    /// `".whereabouts-lint.yml:3: unknown key "disable"; the keys are …"`.
    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(problem)"
    }
}

extension LintConfigurationError {
    /// An error at a node of the configuration's YAML, on the node's line.
    ///
    /// - Parameters:
    ///   - file: The configuration file.
    ///   - node: The node that is wrong.
    ///   - problem: What is wrong and how to fix it.
    init(file: String, at node: Node, _ problem: String) {
        self.init(file: file, line: node.mark?.line, problem: problem)
    }
}
