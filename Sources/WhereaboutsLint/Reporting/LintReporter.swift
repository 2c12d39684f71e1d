/// Turns a report into text for a consumer: Xcode and SwiftLint-aware tools, scripts, or code scanning.
public protocol LintReporter: Sendable {
    /// Renders a report.
    ///
    /// - Parameter report: The report.
    /// - Returns: The text to print.
    func render(_ report: LintReport) -> String
}
