import Clocks
import Foundation
import WhereaboutsTesting

@testable import Whereabouts

/// An engine wired to a scripted person, a scripted source and a test clock, and the app's client on it.
struct EngineHarness {
    let engine: SimulatedOS
    let person: ScriptedPerson
    let source: ScriptedSource
    let clock: TestClock<Duration>
    let store: InMemoryConsentStore
    let client: LocationClient

    init(
        info: UsageDescriptions = .complete,
        answers: [PromptAnswer] = [],
        grant: Grant? = nil,
        store: InMemoryConsentStore? = nil,
        device: DeviceSettings = DeviceSettings(),
        options: SimulatedOS.Options = SimulatedOS.Options(),
        platform: Platform = .iOS,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let store = store ?? InMemoryConsentStore(grant.map { ["com.example.test": $0] } ?? [:])
        person = ScriptedPerson(answers, fileID: fileID, filePath: filePath, line: line, column: column)
        source = ScriptedSource()
        clock = TestClock()
        self.store = store
        engine = await SimulatedOS(
            appID: "com.example.test",
            declarations: info,
            prompter: person,
            consentStore: store,
            device: device,
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 1, k1: 2)),
            clock: clock,
            options: options,
            platform: platform
        )
        client = .simulated(os: engine, source: source)
    }

    /// Waits until the simulated OS holds `count` one-shot requests for a fix: a location manager's `requestLocation()`
    /// reaches it on a task of its own, so a fix sent before then answers no request.
    ///
    /// - Parameter count: How many requests to wait for.
    /// - Returns: Whether they came within the wait's bound.
    @discardableResult
    func waitForLocationRequests(_ count: Int = 1) async -> Bool {
        await eventually { await engine.locationRequests.count >= count }
    }

    /// Authorizes the app while in use, without prompting.
    func authorize(precise: Bool = true, always: Bool = false) async {
        await engine.changeSettings(status: always ? .authorizedAlways : .authorizedWhenInUse, precise: precise)
    }
}

extension UsageDescriptions {
    /// Every location key declared.
    static let complete = UsageDescriptions(
        whenInUse: "Shows where you are on the map.",
        always: "Tells you when you arrive, even when the app is closed.",
        temporaryPurposes: ["Navigation": "Turn-by-turn directions need your exact position."],
        backgroundModes: ["location"],
        appName: "Test App"
    )
}

/// A raw fix near the Eiffel Tower, `seconds` after the start of 2026.
func fix(
    _ latitude: Double = 48.8584,
    _ longitude: Double = 2.2945,
    at seconds: Double = 0,
    accuracy: Double = 5,
    speed: Double? = 1.4,
    course: Double? = 90,
    altitude: Double? = 35
) -> Location {
    Location(
        coordinate: Coordinate(latitude: latitude, longitude: longitude),
        altitude: altitude,
        horizontalAccuracy: accuracy,
        verticalAccuracy: altitude == nil ? nil : 3,
        speed: speed,
        course: course,
        timestamp: Date(timeIntervalSince1970: 1_767_225_600 + seconds)
    )
}

/// Collects what a stream has buffered so far, by sending a marker through the engine and
/// reading until the marker's update arrives. Used with `liveUpdates`.
extension AsyncThrowingStream.Iterator where Element == LocationUpdate {
    /// Reads the next `count` elements.
    mutating func take(_ count: Int) async throws -> [LocationUpdate] {
        var result: [LocationUpdate] = []
        for _ in 0..<count {
            guard let next = try await next() else { break }
            result.append(next)
        }
        return result
    }
}
