import Whereabouts

/// Declarations and states the rule tables start from.
enum PolicyFixtures {
    /// Every key: When In Use, Always, one temporary purpose, the location background mode.
    static let allKeys = UsageDescriptions(
        whenInUse: "Shows where you are on the map.",
        always: "Tells you when you reach a saved place.",
        temporaryPurposes: ["Navigation": "Turn-by-turn directions need your precise location."],
        backgroundModes: ["location"],
        appName: "Wayfinder"
    )

    /// Only the When In Use key.
    static let whenInUseOnly = UsageDescriptions(whenInUse: "Shows where you are on the map.")

    /// A policy with every key and the given grant, in the foreground.
    static func policy(
        _ decision: Grant.Decision = .notDetermined,
        precise: Bool? = nil,
        declarations: UsageDescriptions = allKeys,
        appState: AppState = .foreground
    ) -> LocationPolicy {
        LocationPolicy(
            declarations: declarations,
            grant: Grant(decision: decision, precise: precise),
            appState: appState
        )
    }
}
