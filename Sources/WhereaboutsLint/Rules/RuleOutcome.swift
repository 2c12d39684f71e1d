/// What a rule's evaluator produces before the rule stamps its id, severity and target on it.
struct RuleOutcome: Hashable, Sendable {
    /// What is wrong and how to fix it.
    var message: String
    /// Where.
    var position: SourcePosition
}
