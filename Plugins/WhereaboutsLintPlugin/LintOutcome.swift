import Foundation
import PackagePlugin

/// What one run of `whereabouts lint` printed, and how it ended.
struct LintOutcome {
    /// The linter's exit status: 0 clean, 2 an error-level finding (or a warning with `--strict`), 1 a path or
    /// configuration that cannot be read, 64 wrong options.
    let status: Int32
    /// The report in the asked format (Xcode-style lines, JSON or SARIF).
    let report: Data
    /// The linter's messages: the summary line, or what could not be read.
    let messages: [String]

    /// Prints the report on standard output and the messages as SwiftPM diagnostics, then fails if the lint did.
    ///
    /// The report alone goes to standard output, so `swift package whereabouts-lint --format sarif > lint.sarif`
    /// writes a clean document; SwiftPM prints diagnostics on standard error.
    ///
    /// - Throws: ``LintPluginError/lintFailed(_:summary:)`` when the status is not 0; its description is the one
    ///   line SwiftPM prints last.
    func forward() throws {
        FileHandle.standardOutput.write(report)
        let summary = messages.last { !$0.hasPrefix("error:") && !$0.hasPrefix("Error:") }
        guard status != 0 else {
            if let summary { Diagnostics.progress(summary) }
            return
        }
        for line in messages where line.hasPrefix("error:") || line.hasPrefix("Error:") {
            Diagnostics.error(String(line.dropFirst("error:".count)).trimmingCharacters(in: .whitespaces))
        }
        throw LintPluginError.lintFailed(status, summary: status == 2 ? summary : nil)
    }
}
