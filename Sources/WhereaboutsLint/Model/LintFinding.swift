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
