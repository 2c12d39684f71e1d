public import Foundation

/// What a lint run found: the findings, what could not be read, and how much was looked at.
///
/// ```swift
/// let report = await Linter(configuration: LintConfiguration()).lint([URL(filePath: "MyApp")])
/// print(report.summary)   // "1 error, 2 warnings in 2 targets (42 files)"
/// ```
public struct LintReport: Hashable, Sendable {
    /// The rules' findings, sorted by file, line, column and rule.
    public var findings: [LintFinding]
    /// Problems reading the project (rule `unreadable-file`), sorted the same way.
    public var problems: [LintFinding]
    /// How many source files were analyzed.
    public var fileCount: Int
    /// How many targets were checked.
    public var targetCount: Int
    /// The targets that could not be checked, sorted: a target whose Info.plist cannot be read or none of
    /// whose code was found, an unreadable project file (named with " (unreadable)"), a folder holding no app.
    /// Each has a finding or note saying why.
    public var notCheckedTargets: [String]
    /// The folder relative paths start from (SARIF's `%SRCROOT%`), when known.
    public var baseDirectory: URL?
    /// The files and folders that could not be read or parsed, sorted; a folder ends in `/`. Nothing in them was
    /// judged: a rule that reports a missing key or use does not run on a target whose Info.plist or code is
    /// among them. Each has a finding or note saying why.
    public var unreadPaths: [String] = []
    /// The folders given to lint that could not be listed at all, sorted: nothing in them was checked, and
    /// `whereabouts lint` exits with status 1, as for a path that cannot be read.
    public var unreadableRoots: [String] = []

    /// Creates a report; findings and problems are sorted.
    ///
    /// - Parameters:
    ///   - findings: The rules' findings.
    ///   - problems: Problems reading the project.
    ///   - fileCount: How many source files were analyzed.
    ///   - targetCount: How many targets were checked.
    ///   - notCheckedTargets: The targets that could not be checked.
    ///   - baseDirectory: The folder relative paths start from.
    public init(
        findings: [LintFinding],
        problems: [LintFinding] = [],
        fileCount: Int = 0,
        targetCount: Int = 0,
        notCheckedTargets: [String] = [],
        baseDirectory: URL? = nil
    ) {
        self.findings = findings.sorted(by: Self.order)
        self.problems = problems.sorted(by: Self.order)
        self.fileCount = fileCount
        self.targetCount = targetCount
        self.notCheckedTargets = notCheckedTargets.sorted()
        self.baseDirectory = baseDirectory
    }

    /// Whether something could not be checked (``notCheckedTargets`` or ``unreadPaths`` is not empty): such a run
    /// is never reported as clean, and `whereabouts lint` exits with status 3 when no error gives 2.
    public var isIncomplete: Bool { !notCheckedTargets.isEmpty || !unreadPaths.isEmpty }

    /// The findings and the problems together, sorted: what the reporters print.
    public var allFindings: [LintFinding] { (problems + findings).sorted(by: Self.order) }

    /// How many findings (and problems) have a severity.
    ///
    /// - Parameter severity: The severity to count.
    /// - Returns: The count.
    public func count(of severity: LintSeverity) -> Int {
        allFindings.count { $0.severity == severity }
    }

    /// Whether the run fails: any error, or with `strict` any warning too.
    ///
    /// - Parameter strict: Whether warnings count.
    /// - Returns: `true` when the exit code should be 2.
    public func fails(strict: Bool) -> Bool {
        allFindings.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }

    /// A line for people: `"3 errors, 1 warning in 2 targets (42 files)"`, with notes counted when there are any,
    /// `", 1 target not checked"` when a target could not be checked, and `", 2 files and 1 folder not read"` when
    /// something could not be read.
    public var summary: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var parts = [plural(count(of: .error), "error"), plural(count(of: .warning), "warning")]
        let notes = count(of: .info)
        if notes > 0 { parts.append(plural(notes, "note")) }
        var text = "\(parts.joined(separator: ", ")) in \(plural(targetCount, "target")) (\(plural(fileCount, "file")))"
        if !notCheckedTargets.isEmpty { text += ", \(plural(notCheckedTargets.count, "target")) not checked" }
        let folders = unreadPaths.count { $0.hasSuffix("/") }
        let files = unreadPaths.count - folders
        let unread = [files > 0 ? plural(files, "file") : nil, folders > 0 ? plural(folders, "folder") : nil]
        if files + folders > 0 { text += ", " + unread.compactMap { $0 }.joined(separator: " and ") + " not read" }
        return text
    }

    /// This report and another one together, as for several linted folders.
    ///
    /// - Parameter other: The other report.
    /// - Returns: The combined report.
    public func merging(_ other: LintReport) -> LintReport {
        var merged = LintReport(
            findings: findings + other.findings,
            problems: problems + other.problems,
            fileCount: fileCount + other.fileCount,
            targetCount: targetCount + other.targetCount,
            notCheckedTargets: notCheckedTargets + other.notCheckedTargets,
            baseDirectory: baseDirectory ?? other.baseDirectory
        )
        merged.unreadPaths = (unreadPaths + other.unreadPaths).sorted()
        merged.unreadableRoots = (unreadableRoots + other.unreadableRoots).sorted()
        return merged
    }

    /// Orders findings by file, line, column, then rule identifier (and message, for a stable order).
    static func order(_ lhs: LintFinding, _ rhs: LintFinding) -> Bool {
        let left = (lhs.position.file, lhs.position.line, lhs.position.column, lhs.ruleID)
        let right = (rhs.position.file, rhs.position.line, rhs.position.column, rhs.ruleID)
        return left != right ? left < right : (lhs.target ?? "", lhs.message) < (rhs.target ?? "", rhs.message)
    }
}
