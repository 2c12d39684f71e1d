import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// A `CLLocationManager` stand-in on the simulated OS, an adapter on it wired as UIApplication's notifications would wire it, a test
/// clock, and the client an app would use.
@MainActor
final class Harness {
    let ios: StandInLocationManager
    let clock = TestClock()
    let adapter: ManagerClient
    let client: LocationClient
    private(set) var alwaysRequested: Bool

    static let allKeys = UsageDescriptions(
        whenInUse: "Shows where you are on the map.",
        always: "Tells you when you reach a saved place.",
        temporaryPurposes: ["Navigation": "Turn-by-turn directions need your precise location."],
        backgroundModes: ["location"],
        appName: "Wayfinder"
    )

    /// Makes the stand-in, the client logic on it and the client. `clientDeclarations` are the declarations the client
    /// is given, when they are not the app's Info.plist as Core Location reads it (`infoPlist`).
    init(
        status: AuthorizationStatus = .notDetermined,
        accuracy: AccuracyAuthorization = .fullAccuracy,
        infoPlist: UsageDescriptions = Harness.allKeys,
        clientDeclarations: UsageDescriptions? = nil,
        alwaysRequested: Bool = false,
        applicationState: ApplicationState = .active,
        monitoredRegions: [Region] = []
    ) {
        let ios = StandInLocationManager(
            infoPlist: infoPlist,
            status: status,
            accuracy: accuracy,
            alwaysRequested: alwaysRequested
        )
        // Regions Core Location kept from an earlier launch.
        for region in monitoredRegions { ios.startMonitoring(for: region) }
        ios.isForeground = applicationState != .background
        self.ios = ios
        self.alwaysRequested = alwaysRequested
        var memory = ManagerClient.AlwaysRequestMemory(wasRequested: { false }, recordRequest: {})
        let adapter = ManagerClient(
            manager: ios,
            applicationState: applicationState,
            declarations: .success(clientDeclarations ?? infoPlist),
            clock: clock,
            alwaysMemory: memory
        )
        self.adapter = adapter
        self.client = .managed(ManagerClientHolder { adapter })
        memory = ManagerClient.AlwaysRequestMemory(
            wasRequested: { [unowned self] in self.alwaysRequested },
            recordRequest: { [unowned self] in self.alwaysRequested = true }
        )
        adapter.alwaysMemory = memory
        ios.appResignsActive = { [unowned adapter] in adapter.appWillResignActive() }
        ios.appBecomesActive = { [unowned adapter] in adapter.appDidBecomeActive() }
    }

    /// Sends the app to the background (for iOS and for the adapter).
    func enterBackground() {
        ios.isForeground = false
        adapter.appWillResignActive()
        adapter.appDidEnterBackground()
    }

    /// Lets other tasks run until `condition` holds; fails the test if it never does.
    func yield(until condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
        for _ in 0..<10_000 {
            if condition() { return }
            await Task.yield()
        }
        Issue.record("the condition never held", sourceLocation: sourceLocation)
    }

    /// Lets other tasks run until one sleeps on the clock; fails the test if none does.
    ///
    /// `checkSuspension()` throws when a task sleeps on the clock, after letting other tasks run.
    func yieldUntilSleeping(sourceLocation: SourceLocation = #_sourceLocation) async {
        if await clock.untilSleeping() { return }
        Issue.record("no task ever slept on the test clock", sourceLocation: sourceLocation)
    }
}

/// A fix in Paris.
func deviceFix(_ seconds: Double = 0) -> Location {
    Location(
        coordinate: Coordinate(latitude: 48.8570, longitude: 2.3411),
        horizontalAccuracy: 5,
        timestamp: Date(timeIntervalSince1970: 1_790_000_000 + seconds)
    )
}
