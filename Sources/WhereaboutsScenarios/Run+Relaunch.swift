import Foundation
import Whereabouts

/// Termination and relaunch in a scenario: the `launchInBackground` step, the notes of a launch, and `expect`'s
/// `appState`, `launchReason` and `launchEvent`.
extension Run {
    /// Where the app is in its life, why it was launched, and what became of the event that launched it.
    struct LaunchSnapshot: Equatable {
        var appState: AppState
        var reason: LaunchReason?
        var fate: LaunchEventFate
    }

    func launchSnapshot() async -> LaunchSnapshot {
        LaunchSnapshot(
            appState: await engine.appState,
            reason: await engine.launchReason,
            fate: await engine.launchEventFate
        )
    }

    /// The system launches the terminated app in the background for `reason`, when it would.
    func launch(for reason: LaunchReason, notes: inout [String]) async {
        guard await engine.appState == .notRunning else {
            return notes.append("not launched: the app is running (terminate it first)")
        }
        guard await engine.launchInBackground(reason) else {
            return notes.append(
                "not launched: the system launches the app for \(reason.rawValue) only when it kept that service "
                    + "running and the authorization lets its events reach the app while it is not in use"
            )
        }
    }

    /// A `do` step after a launch in the background is the app's launch code: the first one makes its location
    /// manager, which receives the event that launched it.
    func appMakesItsManager(notes: inout [String]) async {
        guard await engine.launchReason != nil else { return }
        for event in await engine.takeLaunchEvents(for: nil) {
            notes.append("the app made its location manager: \(Self.describe(event)) reached it")
        }
    }

    /// Notes a launch by the system, and an event that launched the app being delivered or lost.
    func noteLaunchChanges(since before: LaunchSnapshot, notes: inout [String]) async {
        let now = await launchSnapshot()
        guard now != before else { return }
        if before.appState == .notRunning, now.appState == .background, let reason = now.reason {
            let window = engine.options.relaunchWindow / .seconds(1)
            notes.append(
                "the system launched the app in the background (\(reason.rawValue), launch options key "
                    + "\(reason.launchOptionsKey)); "
                    + (now.fate == .waiting
                        ? "the event waits for a location manager the app makes within \(Self.seconds(window))"
                        : "the app has \(Self.seconds(window)) to re-take what it needs")
            )
        }
        if now.fate == .lost, before.fate != .lost {
            notes.append("the event that launched the app was lost: no location manager took it in time")
        }
    }

    /// Checks `appState`, `launchReason` and `launchEvent`.
    func checkLaunch(_ expectation: Scenario.Expectation) async -> [String] {
        var failures: [String] = []
        let now = await launchSnapshot()
        if let expected = expectation.appState, expected != now.appState {
            failures.append("appState is \(now.appState.rawValue), expected \(expected.rawValue)")
        }
        let reason = now.reason?.rawValue ?? "none"
        if let expected = expectation.launchReason, expected != reason {
            failures.append("launchReason is \(reason), expected \(expected)")
        }
        if let expected = expectation.launchEvent, expected != now.fate.rawValue {
            failures.append("launchEvent is \(now.fate.rawValue), expected \(expected)")
        }
        return failures
    }

    static func seconds(_ value: Double) -> String { String(format: "%g s", value) }

    /// An event as a note names it.
    static func describe(_ event: LocationEvent) -> String {
        switch event {
        case .didEnterRegion(let region): "didEnterRegion \(region.identifier)"
        case .didExitRegion(let region): "didExitRegion \(region.identifier)"
        case .didVisit: "didVisit"
        case .didUpdateLocations: "didUpdateLocations"
        default: "\(event)"
        }
    }
}
