/// The rule about what the linter cannot see: code in dependencies from outside the linted folder.
extension LintRule {
    /// The rules about dependencies, in the order the docs list them.
    static let dependencyRules: [LintRule] = [uncheckedLocationDependency]

    /// `unchecked-location-dependency` (info): keys or an Always request that only a dependency outside the
    /// folder could need.
    ///
    /// When the project takes a dependency from outside the folder whose name suggests a location or maps SDK
    /// (a pod, a remote Swift package, a Carthage framework; see ``UncheckedDependencies``), `unused-location-key`
    /// and `always-without-background-use` are not reported: the SDK may ask for the key, the mode or Always
    /// itself, and its code cannot be read. This note says so once per target, naming the dependencies and what
    /// would otherwise have been reported, so that a person can check it.
    public static let uncheckedLocationDependency = LintRule(
        id: "unchecked-location-dependency",
        name: "UncheckedLocationDependency",
        defaultSeverity: .info,
        summary: "A location key, mode or Always request no code in the folder needs may be needed by a location SDK "
            + "from outside the folder.",
        discussion: "The linter reads only the code in the folder; a location or maps SDK taken as a pod, a remote "
            + "Swift package or a Carthage framework may ask for location itself, so unused keys and Always "
            + "requests are not reported for its app. Check that the SDK needs them."
    ) { context in
        guard !context.locationDependencies.isEmpty else { return [] }
        let held = [LintRule.unusedLocationKey, LintRule.alwaysWithoutBackgroundUse].flatMap { rule in
            rule.outcomes(in: context.trustingFolder).map { (rule.id, $0) }
        }
        guard let first = held.first else { return [] }
        let dependencies = context.locationDependencies
        let named = dependencies.prefix(5).joined(separator: ", ")
        let more = dependencies.count > 5 ? " and \(dependencies.count - 5) more" : ""
        let rules = Set(held.map(\.0)).sorted().joined(separator: " and ")
        return [
            RuleOutcome(
                message: "\(context.target.name) declares location keys or asks for authorization that no code in "
                    + "this folder needs (\(held.count) \(rules) finding\(held.count == 1 ? "" : "s") held back), "
                    + "but the project takes \(named)\(more) from outside the folder, whose code was not read and "
                    + "whose names suggest location or maps; check that they need each key and Always, and remove "
                    + "what none needs.",
                position: first.1.position
            )
        ]
    }
}
