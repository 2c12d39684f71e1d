import Clocks
import Foundation
import WhereaboutsTesting

@testable import Whereabouts

/// A simulated OS with a test clock and a consent store a test may share with a second OS (a new process on the same
/// device), and the circle around the office the tests watch.
struct MonitorHarness {
    let os: SimulatedOS
    let clock: TestClock<Duration>
    let store: any ConsentStore

    /// 150 m around the Eiffel Tower.
    static let office = MonitorCondition.circularGeographic(
        center: Coordinate(latitude: 48.8584, longitude: 2.2945),
        radius: 150
    )
    /// A fix inside the office's circle.
    static let inside = fix(48.8584, 2.2945, at: 10)
    /// A fix 1.2 km north of the office.
    static let outside = fix(48.8700, 2.2945, at: 20)

    init(
        status: AuthorizationStatus? = .authorizedAlways,
        precise: Bool = true,
        options: SimulatedOS.Options = SimulatedOS.Options(),
        platform: Platform = .iOS,
        store: (any ConsentStore)? = nil
    ) async {
        clock = TestClock()
        let store = store ?? InMemoryConsentStore()
        self.store = store
        os = await SimulatedOS(
            appID: "com.example.monitors",
            declarations: .complete,
            prompter: ScriptedPerson([]),
            consentStore: store,
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 5, k1: 6)),
            clock: clock,
            options: options,
            platform: platform
        )
        if let status { await os.changeSettings(status: status, precise: precise) }
    }

    /// The device reports a fix (the OS evaluates its monitors on it).
    ///
    /// - Parameter location: The fix.
    func deviceIsAt(_ location: Location) async {
        await os.ingest(.location(location))
    }
}

/// What a monitor's stream held once it finished.
///
/// - Parameter stream: A stream that finished (its monitor closed, or a newer stream replaced it).
/// - Returns: Its events, in order.
func drained(_ stream: AsyncStream<MonitorEvent>) async -> [MonitorEvent] {
    var events: [MonitorEvent] = []
    for await event in stream { events.append(event) }
    return events
}

/// A consent store that keeps nothing: each write fails.
actor FailingConsentStore: ConsentStore {
    struct Full: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    func grant(for appID: String) -> Grant? { nil }

    func setGrant(_ grant: Grant?, for appID: String) throws {
        throw Full()
    }
}
