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
