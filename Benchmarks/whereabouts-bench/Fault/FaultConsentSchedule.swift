import Whereabouts

/// The known sequence of grant changes the consent-kill harness writes: step `k` (from 1) sets or
/// removes one app's grant.
///
/// Each step changes the store: an app's new entry always differs from its previous one (the
/// decision cycles through all four), so the state after step `k` differs from the state after
/// `k - 1`, and a lost or an invented write shows as a state that matches neither.
enum FaultConsentSchedule {
    /// How many apps the steps go round.
    static let appCount = 6

    /// The app step `k` changes.
    static func appID(_ step: Int) -> String {
        "com.example.fault\(step % appCount)"
    }

    /// What step `k` writes for its app: a grant, or `nil` to remove the entry.
    static func change(_ step: Int) -> Grant? {
        let round = step / appCount
        if round % 7 == 6 { return nil }
        let decision = Grant.Decision.allCases[round % Grant.Decision.allCases.count]
        let precise: Bool? = [nil, true, false][round % 3]
        return Grant(
            decision: decision,
            precise: precise,
            alwaysPromptShown: round % 2 == 1,
            provisionalAlways: decision == .always && round % 5 == 0
        )
    }

    /// Every app's grant after steps 1 through `step` (after step 0: no grants).
    static func state(after step: Int) -> [String: Grant] {
        var grants: [String: Grant] = [:]
        guard step >= 1 else { return grants }
        for k in 1...step { grants[appID(k)] = change(k) }
        return grants
    }
}
