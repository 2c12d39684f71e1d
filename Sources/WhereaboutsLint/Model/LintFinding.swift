/// How much a finding matters.
public enum LintSeverity: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// Worth knowing; never fails a build.
    case info
    /// Likely to cost a rejection or a confused user; fails with `--strict`.
    case warning
    /// App Review rejects it, or it fails at run time: exit code 2.
    case error

    /// Orders `info < warning < error`.
    public static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A place in a file: the path relative to the linted folder, and a 1-based line and column.
public struct SourcePosition: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The file's path, relative to the folder being linted.
    public var file: String
    /// The 1-based line; 0 when the finding concerns the whole file.
    public var line: Int
    /// The 1-based column; 0 when unknown.
    public var column: Int

    /// Creates a position.
    ///
    /// - Parameters:
    ///   - file: The path relative to the linted folder.
    ///   - line: The 1-based line, or 0.
    ///   - column: The 1-based column, or 0.
    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// Orders by file, then line, then column.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// `"App/Info.plist:12:5"`, as compilers print positions (line and column only when known).
    public var description: String {
        line > 0 ? "\(file):\(line):\(max(column, 1))" : file
    }
}

/// One problem the linter found: which rule, how bad, where, and how to fix it.
public struct LintFinding: Hashable, Sendable, Codable {
    /// The rule's identifier, e.g. `missing-usage-description`.
    public var ruleID: String
    /// How much it matters (after the configuration's overrides).
    public var severity: LintSeverity
    /// What is wrong and how to fix it.
    public var message: String
    /// Where.
    public var position: SourcePosition
    /// The target (app, watch app, extension) it concerns, when known.
    public var target: String?

    /// Creates a finding.
    ///
    /// - Parameters:
    ///   - ruleID: The rule's identifier.
    ///   - severity: How much it matters.
    ///   - message: What is wrong and how to fix it.
    ///   - position: Where.
    ///   - target: The target it concerns.
    public init(
        ruleID: String,
        severity: LintSeverity,
        message: String,
        position: SourcePosition,
        target: String? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.position = position
        self.target = target
    }
}
