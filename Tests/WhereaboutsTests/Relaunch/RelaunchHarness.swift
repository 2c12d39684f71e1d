import Clocks
import Foundation
import WhereaboutsTesting

@testable import Whereabouts

/// An app on a simulated OS with a test clock, whose launch code a test gives: the first run's client, on the device's
/// source, starts what the app keeps across termination; the app's launch code makes a new client on each relaunch and
/// keeps its event stream for the test to read.
struct RelaunchHarness {
    let os: SimulatedOS
    let clock: TestClock<Duration>
    /// The source of the first run's location manager: it goes on feeding the monitors the system keeps for the app
    /// while the app is not running, as the device's position does.
    let device: ScriptedSource
    /// The first run's client.
    let first: LocationClient
    /// What the app made at its last launch.
    let launched = LockedValue<Launched?>(nil)

    /// What the app's launch code made.
    struct Launched: Sendable {
        let reason: LaunchReason?
        let client: LocationClient
        let events: AsyncStream<LocationEvent>
        let resumedSession: Bool?
    }

    /// The home region: 200 m around the Eiffel Tower.
    static let home = Region(
        identifier: "home",
        center: Coordinate(latitude: 48.8584, longitude: 2.2945),
        radius: 200
    )

    init(
        status: AuthorizationStatus = .authorizedAlways,
        options: SimulatedOS.Options = SimulatedOS.Options(visitSeconds: 60),
        answers: [PromptAnswer] = []
    ) async {
        clock = TestClock()
        device = ScriptedSource()
        os = await SimulatedOS(
            appID: "com.example.relaunch",
            declarations: .complete,
            prompter: ScriptedPerson(answers),
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 3, k1: 4)),
            clock: clock,
            options: options
        )
        if status != .notDetermined { await os.changeSettings(status: status, precise: true) }
        first = .simulated(os: os, source: device)
    }

    /// Gives the app launch code that makes a location manager and subscribes to its events at once, and, when
    /// `resumingSession` is set, allows background updates and resumes its background activity session as Apple asks.
    ///
    /// - Parameter resumingSession: Whether the launch code starts the background activity session again.
    func appMakesItsManagerAtLaunch(resumingSession: Bool = false) async {
        let os = os
        let launched = launched
        await os.onLaunch { reason in
            let client = LocationClient.simulated(os: os, source: ScriptedSource())
            let events = await client.events()
            var resumed: Bool?
            if resumingSession {
                // A new manager allows no background updates until the app says so again.
                try? await client.setAllowsBackgroundLocationUpdates(true)
                resumed = await client.startBackgroundSession()
            }
            launched.current = Launched(reason: reason, client: client, events: events, resumedSession: resumed)
        }
    }

    /// Sends a fix from the device once the OS reads its source.
    ///
    /// - Parameter location: The fix.
    func deviceMoves(to location: Location) async {
        await device.waitUntilRunning()
        await device.send(location)
    }
}
