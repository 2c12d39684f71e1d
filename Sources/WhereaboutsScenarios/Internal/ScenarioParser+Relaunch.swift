import Whereabouts

/// The steps and expectations of termination and relaunch: `{"app": "launchInBackground", "reason": …}`, and
/// `expect`'s `appState`, `launchReason` and `launchEvent`.
extension ScenarioParser {
    /// The `app` step that launches the terminated app in the background.
    static let launchInBackground = "launchInBackground"

    /// The `expect` keys of termination and relaunch.
    static let relaunchExpectationKeys = ["appState", "launchReason", "launchEvent"]

    /// The names `expect` `"launchEvent"` takes.
    static let launchEventNames = ["none", "waiting", "delivered", "lost"]

    /// Reads `{"app": "launchInBackground", "reason": "regionExit"}`.
    static func launchStep(_ object: [String: Any], fail: Fail) throws(ScenarioError) -> Scenario.Step {
        try checkKeys(object, allowed: ["app", "reason"], what: "a launchInBackground step", fail: fail)
        let reasons = LaunchReason.allCases.map(\.rawValue)
        guard let name = object["reason"] as? String, let reason = LaunchReason(rawValue: name) else {
            let given = (object["reason"] as? String).map { "unknown reason \"\($0)\"; " } ?? ""
            throw fail("\(given)launchInBackground needs \"reason\": one of \(list(reasons))")
        }
        return .launchInBackground(reason)
    }

    /// Reads `expect`'s `appState`, `launchReason` and `launchEvent`.
    static func relaunchExpectations(
        _ values: [String: Any],
        into expectation: inout Scenario.Expectation,
        fail: Fail
    ) throws(ScenarioError) {
        if let raw = values["appState"] {
            guard let name = raw as? String, let state = AppState(rawValue: name) else {
                throw fail("expect \"appState\" must be one of \(list(AppState.allCases.map(\.rawValue)))")
            }
            expectation.appState = state
        }
        if let raw = values["launchReason"] {
            let names = ["none"] + LaunchReason.allCases.map(\.rawValue)
            guard let name = raw as? String, names.contains(name) else {
                throw fail("expect \"launchReason\" must be one of \(list(names))")
            }
            expectation.launchReason = name
        }
        if let raw = values["launchEvent"] {
            guard let name = raw as? String, launchEventNames.contains(name) else {
                throw fail("expect \"launchEvent\" must be one of \(list(launchEventNames))")
            }
            expectation.launchEvent = name
        }
    }
}
