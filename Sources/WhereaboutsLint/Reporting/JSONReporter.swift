internal import Foundation

/// A JSON object: `findings` (`ruleId`, `severity`, `message`, `file`, `line`, `column`, `target`) and `summary`
/// (`errors`, `warnings`, `infos`, `files`, `targets`, `notChecked`, `notCheckedTargets`, `unreadPaths`,
/// `unreadableRoots`, `text`).
///
/// `unreadPaths` names the files and folders lint could not read or parse (a folder ends in `/`, as in
/// ``LintReport/unreadPaths``): nothing in them was judged. `unreadableRoots` names the folders given to lint that
/// could not be listed at all. Both are empty arrays when everything was read.
public struct JSONReporter: LintReporter {
    /// Creates the reporter.
    public init() {}

    /// Renders the report as pretty-printed JSON with sorted keys.
    ///
    /// - Parameter report: The report.
    /// - Returns: The JSON text.
    public func render(_ report: LintReport) -> String {
        let findings: [[String: Any]] = report.allFindings.map { finding in
            [
                "ruleId": finding.ruleID, "severity": finding.severity.rawValue, "message": finding.message,
                "file": finding.position.file, "line": finding.position.line, "column": finding.position.column,
                "target": finding.target.map { $0 as Any } ?? NSNull(),
            ]
        }
        let summary: [String: Any] = [
            "errors": report.count(of: .error), "warnings": report.count(of: .warning),
            "infos": report.count(of: .info), "files": report.fileCount, "targets": report.targetCount,
            "notChecked": report.notCheckedTargets.count, "notCheckedTargets": report.notCheckedTargets,
            "unreadPaths": report.unreadPaths, "unreadableRoots": report.unreadableRoots, "text": report.summary,
        ]
        return Self.serialize(["findings": findings, "summary": summary])
    }

    /// Pretty-printed, key-sorted JSON without escaped slashes, ending with a newline.
    static func serialize(_ object: Any) -> String {
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: options) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
