/// The rules about code a target does not own: dependencies from outside the linted folder, and frameworks or
/// packages it links whose location code it may never run.
extension LintRule {
    /// The rules about dependencies, in the order the docs list them.
    static let dependencyRules: [LintRule] = [uncheckedLocationDependency, linkedLocationCode]

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

    /// `linked-location-code` (info): location code that only a linked framework or package has, in a target that
    /// declares no location key.
    ///
    /// An app links a framework, a local Swift package or a pod for more than its location feature (a maps SDK's
    /// integration check, a shared framework of an app family). When the target declares no location key at all
    /// (no purpose string, no temporary purposes, no `location` background mode) and none of its own code uses
    /// location, the other rules report nothing from the linked code's uses: whether the app ever calls the part
    /// of the framework that asks is not known, and an app that does would declare something. This note says so
    /// once per target, naming the linked code and what it can ask for. A target that declares any location key,
    /// or whose own code uses location, gets the other rules' findings for the linked code as usual.
    public static let linkedLocationCode = LintRule(
        id: "linked-location-code",
        name: "LinkedLocationCode",
        defaultSeverity: .info,
        summary: "A target declares no location key and its own code uses no location, but code it links can ask "
            + "for location.",
        discussion: "A framework or package an app links may ask for location in a feature the app never uses; "
            + "the linter cannot tell, so it does not report missing keys for it. If the app uses that feature, "
            + "add the keys it needs."
    ) { context in
        guard let first = context.heldLinkedUsages.first else { return [] }
        let all = context.includingLinkedCode
        let held = LintRule.all.filter { !dependencyRules.contains($0) }.flatMap { $0.outcomes(in: all) }
        let uses = context.heldLinkedUsages
        var files: [String] = []
        for use in uses where !files.contains(use.position.file) { files.append(use.position.file) }
        let named = files.prefix(3).joined(separator: ", ") + (files.count > 3 ? " and \(files.count - 3) more" : "")
        var asks: [String] = []
        for use in uses {
            let described = RuleContext.describe(use.kind)
            if !asks.contains(described) { asks.append(described) }
        }
        var keys: [String] = []
        for key in uses.flatMap({ all.requiredKeys(for: $0.kind) }) where !keys.contains(key) { keys.append(key) }
        if uses.contains(where: { RuleContext.purposeKey(of: $0.kind) != nil }) {
            keys.append("its temporary purpose keys in \(RuleContext.temporaryKey)")
        }
        if uses.contains(where: { RuleContext.needsBackgroundMode($0.kind) }) {
            keys.append("location in UIBackgroundModes")
        }
        let listed = keys.count < 2 ? keys.joined() : keys.dropLast().joined(separator: ", ") + " and " + keys.last!
        let advice =
            keys.isEmpty
            ? "if the app uses it, check what it needs"
            : "if the app uses it, add \(listed) to \(all.infoPlistName)"
        return [
            RuleOutcome(
                message: "\(context.target.name) declares no location key and its own code uses no location, but "
                    + "code it links can (\(asks.joined(separator: ", ")) in \(named)); "
                    + "\(held.count) finding\(held.count == 1 ? "" : "s") for that code held back: "
                    + "\(advice); if it never runs that code, nothing needs doing.",
                position: first.position
            )
        ]
    }
}
