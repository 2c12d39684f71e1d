import Whereabouts

/// Declarations and states the rule tables start from.
enum PolicyFixtures {
    /// Every key: When In Use, Always, one temporary purpose (`Navigation`), the location background mode.
    static let allKeys = UsageDescriptions.complete

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
