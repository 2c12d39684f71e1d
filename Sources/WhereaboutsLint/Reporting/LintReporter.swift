internal import Foundation

/// Turns a report into text for a consumer: Xcode and SwiftLint-aware tools, scripts, or code scanning.
public protocol LintReporter: Sendable {
    /// Renders a report.
    ///
    /// - Parameter report: The report.
    /// - Returns: The text to print.
    func render(_ report: LintReport) -> String
}

/// The output formats `whereabouts lint --format` accepts.
public enum LintReportFormat: String, Hashable, Sendable, CaseIterable {
    /// `path:line:col: error|warning|note: message (rule-id)`, one finding a line.
    case xcode
    /// One JSON object with `findings` and `summary`.
    case json
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF consumers.
    case sarif

    /// The reporter for the format.
    public var reporter: any LintReporter {
        switch self {
        case .xcode: XcodeReporter()
        case .json: JSONReporter()
        case .sarif: SARIFReporter()
        }
    }
}

/// Xcode and SwiftLint style: `App/Info.plist:12:5: warning: message (rule-id)`.
///
/// Info findings print as `note:`, which Xcode shows as a note (SwiftLint has no info level; printing them as
/// warnings would make a clean project look dirty). Findings without a line print at line 1, column 1, so Xcode
/// can still open the file.
public struct XcodeReporter: LintReporter {
    /// Creates the reporter.
    public init() {}

    /// Renders one line per finding, with a trailing newline when there are any.
    ///
    /// - Parameter report: The report.
    /// - Returns: The lines.
    public func render(_ report: LintReport) -> String {
        report.allFindings.map { finding in
            let position = finding.position
            let level =
                switch finding.severity {
                case .error: "error"
                case .warning: "warning"
                case .info: "note"
                }
            return "\(position.file):\(max(position.line, 1)):\(max(position.column, 1)): \(level): "
                + "\(finding.message) (\(finding.ruleID))\n"
        }.joined()
    }
}

/// A JSON object: `findings` (`ruleId`, `severity`, `message`, `file`, `line`, `column`, `target`) and `summary`
/// (`errors`, `warnings`, `infos`, `files`, `targets`, `text`).
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
            "text": report.summary,
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
