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
