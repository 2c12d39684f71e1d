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
