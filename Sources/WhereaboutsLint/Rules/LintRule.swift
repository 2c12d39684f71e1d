/// A check the linter runs on each target: its identifier, default severity, what it is about, and how it is
/// evaluated.
///
/// A rule is one value: its metadata and its evaluator (a function from a target and the location API uses in its
/// files to what is wrong with them) are declared together, in one `static let` of a `LintRule+<Family>.swift`
/// file, and two rules are equal when their identifiers are. The catalog also holds three notices the linter emits
/// about the project itself (`no-app-bundle`, `unreadable-file`, `unresolved-reference`, `unreadable-folder`), which
/// have no evaluator. Every rule and notice
/// has a page under `Documentation/LintRules/<id>.md`.
///
/// ```swift
/// let rule = LintRule.named("missing-usage-description")!
/// print(rule.defaultSeverity, rule.summary, rule.documentationPath)
/// ```
///
/// In a test, check that the catalog names each rule once:
///
/// ```swift
/// @Test func identifiersAreUnique() {
///     #expect(Set(LintRule.catalog.map(\.id)).count == LintRule.catalog.count)
/// }
/// ```
public struct LintRule: Hashable, Sendable {
    /// What a rule's evaluator does: from a target and its uses to what is wrong with them.
    typealias Evaluator = @Sendable (RuleContext) -> [RuleOutcome]

    /// The identifier used in output, configuration and docs, e.g. `missing-usage-description`.
    public let id: String
    /// A short name in UpperCamelCase, as SARIF's `name` wants it.
    public let name: String
    /// The severity when the configuration does not override it.
    public let defaultSeverity: LintSeverity
    /// One line saying what the rule checks.
    public let summary: String
    /// A few sentences saying why it matters.
    public let discussion: String
    /// How the rule judges a target; `nil` for the notices about the project itself.
    private let evaluator: Evaluator?
    /// What the rule must have read in full to report something as missing (see ``Absence``).
    let judgesAbsenceOf: Absence

    /// What a rule reports as missing, and so must have read in full: a rule never reports on what the linter
    /// could not read.
    struct Absence: OptionSet, Hashable, Sendable {
        let rawValue: Int
        /// The rule reports a key or mode the target does not declare: it needs every Info.plist read.
        static let declarations = Absence(rawValue: 1)
        /// The rule reports a use no code makes: it needs all of the target's code read.
        static let code = Absence(rawValue: 2)
    }

    /// Whether the rule is evaluated on targets (`false` for the notices about the project itself).
    public var isEvaluated: Bool { evaluator != nil }

    /// The rule's documentation page, relative to the repository root.
    public var documentationPath: String { "Documentation/LintRules/\(id).md" }

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - id: The identifier, which is also the name of the rule's documentation page.
    ///   - name: The UpperCamelCase name.
    ///   - defaultSeverity: The severity when the configuration does not override it.
    ///   - summary: One line saying what the rule checks.
    ///   - discussion: A few sentences saying why it matters.
    ///   - judgesAbsenceOf: What the rule reports as missing: it is not run on a target where that was not all read.
    ///   - evaluator: How the rule judges a target, or `nil` for a notice about the project itself.
    init(
        id: String,
        name: String,
        defaultSeverity: LintSeverity,
        summary: String,
        discussion: String,
        judgesAbsenceOf: Absence = [],
        evaluator: Evaluator?
    ) {
        self.judgesAbsenceOf = judgesAbsenceOf
        self.id = id
        self.name = name
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.discussion = discussion
        self.evaluator = evaluator
    }

    /// The rules evaluated on every target, errors first, then warnings, then notes (as the docs list them).
    public static let all: [LintRule] = (keyRules + accuracyRules + backgroundRules + dependencyRules)
        .sorted { $0.defaultSeverity > $1.defaultSeverity }

    /// The notices about the project itself, which are not evaluated per target.
    public static let notices: [LintRule] = [noAppBundle, unreadableFile, unresolvedReference, unreadableFolder]

    /// Every rule and notice: what SARIF's `tool.driver.rules` lists and what a configuration may name.
    public static let catalog: [LintRule] = all + notices

    /// The rule or notice with this identifier, if there is one.
    ///
    /// - Parameter id: A rule identifier such as `unused-location-key`.
    /// - Returns: The rule, or `nil` for an unknown identifier.
    public static func named(_ id: String) -> LintRule? {
        catalog.first { $0.id == id }
    }

    /// Whether two rules are the same rule: they have the same identifier.
    public static func == (lhs: LintRule, rhs: LintRule) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the rule's identifier.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// Runs the rule on one target.
    ///
    /// - Parameters:
    ///   - target: The target, with its declarations.
    ///   - usages: The location API uses in the target's source files.
    /// - Returns: The findings, at the rule's default severity; none for the notices.
    func evaluate(_ target: LintTarget, usages: [CodeUsage]) -> [LintFinding] {
        outcomes(in: RuleContext(target: target, usages: usages)).map {
            finding($0.message, at: $0.position, target: target.name)
        }
    }

    /// Whether the rule can judge a target: it reports nothing missing from what was not read in full (an Info.plist
    /// that could not be parsed, a source file or folder that could not be read).
    ///
    /// - Parameter target: The target.
    /// - Returns: `false` when the rule would report as missing what the linter could not read.
    func canJudge(_ target: LintTarget) -> Bool {
        (!judgesAbsenceOf.contains(.declarations) || target.declarationsComplete)
            && (!judgesAbsenceOf.contains(.code) || target.codeComplete)
    }

    /// What the rule reports about a context, before findings are made of it; none for the notices.
    ///
    /// - Parameter context: The target and its uses.
    /// - Returns: The outcomes.
    func outcomes(in context: RuleContext) -> [RuleOutcome] {
        guard let evaluator, canJudge(context.target) else { return [] }
        return evaluator(context)
    }

    /// A finding of this rule at its default severity.
    ///
    /// - Parameters:
    ///   - message: What is wrong and how to fix it.
    ///   - position: Where.
    ///   - target: The target it concerns, when known.
    /// - Returns: The finding.
    func finding(_ message: String, at position: SourcePosition, target: String? = nil) -> LintFinding {
        LintFinding(ruleID: id, severity: defaultSeverity, message: message, position: position, target: target)
    }
}
