public import Foundation
internal import Yams

/// What to lint and how: disabled rules, excluded paths, severity overrides, and whether vendored code counts.
///
/// Read from `.whereabouts-lint.yml` in the linted folder (or a file given with `--config`):
///
/// ```yaml
/// disabled_rules: [unused-location-key]
/// excluded: [Scripts, "Generated/*.swift"]
/// severity:
///   vague-usage-description: error
/// ```
///
/// ```swift
/// let configuration = try LintConfiguration(yaml: "disabled_rules: [unused-location-key]")
/// #expect(configuration.disabledRules == ["unused-location-key"])
/// ```
public struct LintConfiguration: Hashable, Sendable {
    /// The configuration file's name, looked for in the linted folder.
    public static let fileName = ".whereabouts-lint.yml"

    /// Rule identifiers whose findings are dropped.
    public var disabledRules: Set<String>
    /// Paths (relative to the linted folder; `*` and `?` wildcards allowed) that are not scanned or reported.
    public var excluded: [String]
    /// Rule identifier → the severity its findings get instead of the rule's default.
    public var severityOverrides: [String: LintSeverity]
    /// Whether vendored folders (`Pods/`, `Carthage/`, `.build/`, …) are linted too.
    public var includeVendored: Bool

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - disabledRules: Rule identifiers whose findings are dropped.
    ///   - excluded: Paths not scanned or reported.
    ///   - severityOverrides: Rule identifier → severity.
    ///   - includeVendored: Whether vendored folders are linted too.
    public init(
        disabledRules: Set<String> = [],
        excluded: [String] = [],
        severityOverrides: [String: LintSeverity] = [:],
        includeVendored: Bool = false
    ) {
        self.disabledRules = disabledRules
        self.excluded = excluded
        self.severityOverrides = severityOverrides
        self.includeVendored = includeVendored
    }

    /// Reads a configuration file.
    ///
    /// - Parameter url: The `.whereabouts-lint.yml` file.
    /// - Throws: ``LintConfigurationError`` naming the file (and the line) when it cannot be read, is not valid
    ///   YAML, or has an unknown key, rule identifier or severity.
    public init(contentsOf url: URL) throws(LintConfigurationError) {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw LintConfigurationError(
                file: url.path,
                line: nil,
                problem: "cannot be read (\(error.localizedDescription))"
            )
        }
        try self.init(yaml: text, file: url.path)
    }

    /// Reads a configuration from YAML text.
    ///
    /// - Parameters:
    ///   - yaml: The YAML text.
    ///   - file: The name to use in errors.
    /// - Throws: ``LintConfigurationError`` naming the file and line of the problem.
    public init(yaml: String, file: String = LintConfiguration.fileName) throws(LintConfigurationError) {
        self.init()
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw LintConfigurationError(
                file: file,
                line: Self.line(of: error),
                problem: "is not valid YAML: \(Self.problem(of: error))"
            )
        } catch {
            throw LintConfigurationError(file: file, line: nil, problem: "is not valid YAML: \(error)")
        }
        guard let root else { return }
        let mapping = try Self.mapping(root, file: file, "must be a mapping with disabled_rules, excluded and severity")
        for (keyNode, value) in mapping {
            switch keyNode.string {
            case "disabled_rules":
                for item in try Self.strings(value, key: "disabled_rules", file: file) {
                    try Self.checkRule(item.text, at: item.node, file: file)
                    disabledRules.insert(item.text)
                }
            case "excluded":
                excluded += try Self.strings(value, key: "excluded", file: file).map(\.text)
            case "severity":
                let entries = try Self.mapping(
                    value,
                    file: file,
                    "severity must be a mapping of rule id → error|warning|info"
                )
                for (ruleNode, levelNode) in entries {
                    let rule = ruleNode.string ?? ""
                    try Self.checkRule(rule, at: ruleNode, file: file)
                    guard let level = levelNode.string.flatMap(LintSeverity.init(rawValue:)) else {
                        throw LintConfigurationError(
                            file: file,
                            at: levelNode,
                            "severity of \(rule) must be error, warning or info, not \"\(levelNode.string ?? "")\""
                        )
                    }
                    severityOverrides[rule] = level
                }
            default:
                throw LintConfigurationError(
                    file: file,
                    at: keyNode,
                    "unknown key \"\(keyNode.string ?? "")\"; the keys are disabled_rules, excluded and severity"
                )
            }
        }
    }

    /// Whether a path relative to the linted folder is excluded: it equals an excluded path, lies under one, or
    /// matches one with wildcards.
    ///
    /// - Parameter path: A path relative to the linted folder.
    /// - Returns: `true` when it is excluded.
    public func isExcluded(_ path: String) -> Bool {
        excluded.contains { pattern in
            let pattern = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
            if path == pattern || path.hasPrefix(pattern + "/") { return true }
            return pattern.contains(where: { "*?[".contains($0) }) && fnmatch(pattern, path, 0) == 0
        }
    }

    /// The node as a mapping, or an error saying what it must be.
    private static func mapping(
        _ node: Node,
        file: String,
        _ problem: String
    ) throws(LintConfigurationError) -> Node.Mapping {
        guard let mapping = node.mapping else { throw LintConfigurationError(file: file, at: node, problem) }
        return mapping
    }

    /// The strings of a list, or of a single string given instead of a list, with their nodes.
    private static func strings(
        _ node: Node,
        key: String,
        file: String
    ) throws(LintConfigurationError) -> [(text: String, node: Node)] {
        guard let items = node.scalar != nil ? [node] : node.sequence.map(Array.init) else {
            throw LintConfigurationError(file: file, at: node, "\(key) must be a list of strings")
        }
        var result: [(text: String, node: Node)] = []
        for item in items {
            guard let text = item.string else {
                throw LintConfigurationError(file: file, at: item, "\(key) must be a list of strings")
            }
            result.append((text, item))
        }
        return result
    }

    private static func checkRule(_ id: String, at node: Node, file: String) throws(LintConfigurationError) {
        guard LintRule.named(id) == nil else { return }
        throw LintConfigurationError(
            file: file,
            at: node,
            "unknown rule \"\(id)\"; the rules are \(LintRule.catalog.map(\.id).joined(separator: ", "))"
        )
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        default: nil
        }
    }

    private static func problem(of error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _),
            .composer(let context, let problem, _, _):
            [context.map { $0.text }, problem].compactMap { $0 }.joined(separator: ", ")
        default: "\(error)"
        }
    }
}
