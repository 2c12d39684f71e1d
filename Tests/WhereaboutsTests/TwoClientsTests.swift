import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Two simulated clients on one engine: each owns its source.
@Suite(.timeLimit(.minutes(5)))
struct TwoClientsTests {
    /// A source that yields one fix and stays open, counting how often it was started.
    final class CountingSource: LocationSource, @unchecked Sendable {
        // @unchecked: `started` is guarded by `lock`.
        private let lock = NSLock()
        private var started = 0
        let fix: Location

        init(latitude: Double) {
            fix = Location(
                coordinate: Coordinate(latitude: latitude, longitude: 2.35),
                horizontalAccuracy: 5,
                timestamp: Date(timeIntervalSince1970: 1_790_000_000)
            )
        }

        var starts: Int { lock.withLock { started } }

        func events() -> AsyncThrowingStream<SourceEvent, any Error> {
            lock.withLock { started += 1 }
            let (stream, continuation) = AsyncThrowingStream<SourceEvent, any Error>.makeStream()
            continuation.yield(.location(fix))
            return stream
        }
    }

    @Test("a client owns its source: two clients on one engine never swap each other's source")
    func eachClientOwnsItsSource() async throws {
        let engine = await SimulatedOS(
            appID: "com.example.two",
            declarations: UsageDescriptions(whenInUse: "Shows where you are."),
            prompter: ScriptedPerson([]),
            // No time limit passes unless a test moves this clock: a busy machine cannot fail a request.
            clock: TestClock()
        )
        await engine.changeSettings(status: .authorizedWhenInUse, precise: true)
        let sourceA = CountingSource(latitude: 48.0)
        let sourceB = CountingSource(latitude: 45.0)
        let clientA = LocationClient.simulated(os: engine, source: sourceA)
        let clientB = LocationClient.simulated(os: engine, source: sourceB)

        var updatesA = await clientA.liveUpdates().makeAsyncIterator()
        // Before the fix: calls on either client must not re-wire the other's source.
        #expect(await clientB.authorization().status == .authorizedWhenInUse)
        #expect(await clientA.authorization().status == .authorizedWhenInUse)
        #expect(await clientB.authorization().status == .authorizedWhenInUse)
        var fixA: Location?
        while fixA == nil, let update = try await updatesA.next() { fixA = update.location }
        #expect(fixA == sourceA.fix)
        #expect(sourceA.starts == 1)
        #expect(sourceB.starts == 0, "nothing asked B's source for fixes yet")

        let fixB = try await clientB.requestLocation()
        #expect(fixB == sourceB.fix, "B's one-shot request is answered from B's own source")
        #expect(sourceA.starts == 1, "A's source was never restarted")
        #expect(sourceB.starts == 1)
    }

    /// An engine with When In Use granted, and two clients on it, each with its own scripted source.
    static func twoClients() async -> (
        SimulatedOS, ScriptedSource, LocationClient, ScriptedSource, LocationClient
    ) {
        let engine = await SimulatedOS(
            appID: "com.example.two",
            declarations: UsageDescriptions(whenInUse: "Shows where you are."),
            prompter: ScriptedPerson([]),
            // No time limit passes unless a test moves this clock: a busy machine cannot fail a request.
            clock: TestClock()
        )
        await engine.changeSettings(status: .authorizedWhenInUse, precise: true)
        let sourceA = ScriptedSource()
        let sourceB = ScriptedSource()
        return (
            engine, sourceA, LocationClient.simulated(os: engine, source: sourceA), sourceB,
            LocationClient.simulated(os: engine, source: sourceB)
        )
    }

    @Test("live updates that go without a fix fail no other manager's one-shot request: it keeps its own time limit")
    func anotherManagersGapLeavesAOneShotRequestWaiting() async throws {
        let clock = TestClock()
        let engine = await SimulatedOS(
            appID: "com.example.two",
            declarations: UsageDescriptions(whenInUse: "Shows where you are."),
            prompter: ScriptedPerson([]),
            clock: clock,
            options: SimulatedOS.Options(locationTimeout: .seconds(60), unavailableAfter: .seconds(10))
        )
        await engine.changeSettings(status: .authorizedWhenInUse, precise: true)
        let sourceA = ScriptedSource()
        let sourceB = ScriptedSource()
        let clientA = LocationClient.simulated(os: engine, source: sourceA)
        let clientB = LocationClient.simulated(os: engine, source: sourceB)
        var updatesA = await clientA.liveUpdates().makeAsyncIterator()
        await sourceA.waitUntilRunning()
        #expect(await sourceA.send(Self.fix(48.0, second: 0)))
        #expect(try await Self.nextFix(&updatesA) == Self.fix(48.0, second: 0))

        // B asks for one fix; then A's updates go 11 s without one, which A hears of.
        let request = Task { try await clientB.requestLocation() }
        await sourceB.waitUntilRunning()
        await clock.advance(by: .seconds(11))
        #expect(await engine.diagnostics().contains(.locationUnavailable))
        // B's request waits for B's fix, within its own 60 s.
        #expect(await sourceB.send(Self.fix(45.0, second: 11)))
        #expect(try await request.value == Self.fix(45.0, second: 11))
    }

    /// Reads events until the first that is not an authorization change.
    static func nextService(_ events: inout AsyncStream<LocationEvent>.Iterator) async -> LocationEvent? {
        while let event = await events.next(isolation: #isolation) {
            if case .didChangeAuthorization = event { continue }
            return event
        }
        return nil
    }

    @Test("headings reach the location manager that started them, not another one of the same app")
    func headingsReachOnlyTheManagerThatAsked() async throws {
        let (_, sourceA, clientA, sourceB, clientB) = await Self.twoClients()
        var eventsA = await clientA.events().makeAsyncIterator()
        var eventsB = await clientB.events().makeAsyncIterator()
        await clientA.startUpdatingHeading()
        await sourceA.waitUntilRunning()
        #expect(await sourceA.send(.heading(ClientBehaviourEndpointTests.heading(90))))
        #expect(await Self.nextService(&eventsA) == .didUpdateHeading(ClientBehaviourEndpointTests.heading(90)))

        // B asked for one location and nothing else: the next thing B hears of is its fix, not A's heading.
        let request = Task { try await clientB.requestLocation() }
        await sourceB.waitUntilRunning()
        let fix = Location(
            coordinate: Coordinate(latitude: 45, longitude: 2.35),
            horizontalAccuracy: 5,
            timestamp: Date(timeIntervalSince1970: 1_790_000_001)
        )
        #expect(await sourceB.send(fix))
        _ = try await request.value
        #expect(await Self.nextService(&eventsB) == .didUpdateLocations([fix]))
    }

    @Test("visits started on one location manager reach every location manager of the app, as Apple documents")
    func visitsReachEveryManager() async throws {
        let engine = await SimulatedOS(
            appID: "com.example.two",
            declarations: UsageDescriptions(whenInUse: "Shows where you are."),
            prompter: ScriptedPerson([]),
            clock: TestClock(),
            options: SimulatedOS.Options(visitSeconds: 60)
        )
        await engine.changeSettings(status: .authorizedWhenInUse, precise: true)
        let sourceA = ScriptedSource()
        let clientA = LocationClient.simulated(os: engine, source: sourceA)
        let clientB = LocationClient.simulated(os: engine, source: ScriptedSource())
        var eventsA = await clientA.events().makeAsyncIterator()
        var eventsB = await clientB.events().makeAsyncIterator()
        _ = await eventsB.next()  // the authorization, at once
        try await clientA.startMonitoringVisits()
        await sourceA.waitUntilRunning()
        await sourceA.send(Self.fix(48.0, second: 0))
        await sourceA.send(Self.fix(48.0, second: 61))
        guard case .didVisit(let visitA)? = await Self.nextService(&eventsA) else {
            Issue.record("the manager that started visits heard no visit")
            return
        }
        // Apple's startMonitoringVisits(): "Enabling visit events for one location manager enables visit events for
        // all other location manager objects in your app." The next authorization change tells a visit that never
        // came from one that comes late.
        await engine.changeSettings(status: .authorizedWhenInUse, precise: false)
        #expect(await eventsB.next() == .didVisit(visitA))
    }

    @Test("one location manager stopping its headings leaves another one's running")
    func stoppingHeadingsOnOneManagerLeavesTheOther() async throws {
        let (_, sourceA, clientA, _, clientB) = await Self.twoClients()
        var eventsA = await clientA.events().makeAsyncIterator()
        await clientA.startUpdatingHeading()
        await clientB.startUpdatingHeading()
        await clientB.stopUpdatingHeading()
        await sourceA.waitUntilRunning()
        #expect(await sourceA.send(.heading(ClientBehaviourEndpointTests.heading(90))))
        #expect(await Self.nextService(&eventsA) == .didUpdateHeading(ClientBehaviourEndpointTests.heading(90)))
    }

    /// A fix at `latitude` on the 2.35° E meridian, `second` seconds into the track.
    static func fix(_ latitude: Double, second: Double) -> Location {
        Location(
            coordinate: Coordinate(latitude: latitude, longitude: 2.35),
            horizontalAccuracy: 5,
            timestamp: Date(timeIntervalSince1970: 1_790_000_000 + second)
        )
    }

    /// Reads live updates until the next that carries a fix.
    static func nextFix(
        _ updates: inout AsyncThrowingStream<LocationUpdate, any Error>.Iterator
    ) async throws -> Location? {
        while let update = try await updates.next(isolation: #isolation) {
            if let location = update.location { return location }
        }
        return nil
    }

    @Test("a location manager's desired accuracy is its own: another manager's fixes stay precise")
    func desiredAccuracyIsEachManagersOwn() async throws {
        let (_, sourceA, clientA, sourceB, clientB) = await Self.twoClients()
        // A weather feature wants a city-level position; a map wants every precise fix.
        try await clientA.set(desiredAccuracy: .reduced)
        var updatesA = await clientA.liveUpdates().makeAsyncIterator()
        var updatesB = await clientB.liveUpdates().makeAsyncIterator()
        await sourceA.waitUntilRunning()
        await sourceB.waitUntilRunning()
        #expect(await sourceB.send(Self.fix(45.0, second: 0)))
        #expect(
            try await Self.nextFix(&updatesB) == Self.fix(45.0, second: 0),
            "B asked for nothing: precise"
        )
        #expect(await sourceA.send(Self.fix(48.0, second: 0)))
        let coarse = try #require(try await Self.nextFix(&updatesA))
        #expect(coarse.horizontalAccuracy >= 1_000, "A asked for .reduced: approximate")
        #expect(await sourceB.send(Self.fix(45.0002, second: 1)))
        #expect(try await Self.nextFix(&updatesB) == Self.fix(45.0002, second: 1))
    }

    @Test("a location manager's distance filter is its own, and measured from that manager's last fix")
    func distanceFilterIsEachManagersOwn() async throws {
        let (_, sourceA, clientA, sourceB, clientB) = await Self.twoClients()
        try await clientA.set(distanceFilter: .meters(3_000))
        var updatesA = await clientA.liveUpdates().makeAsyncIterator()
        var updatesB = await clientB.liveUpdates().makeAsyncIterator()
        await sourceA.waitUntilRunning()
        await sourceB.waitUntilRunning()
        #expect(await sourceA.send(Self.fix(48.0, second: 0)))
        #expect(try await Self.nextFix(&updatesA) == Self.fix(48.0, second: 0))
        #expect(await sourceB.send(Self.fix(45.0, second: 0)))
        #expect(try await Self.nextFix(&updatesB) == Self.fix(45.0, second: 0))
        #expect(await sourceB.send(Self.fix(45.0001, second: 1)))
        #expect(
            try await Self.nextFix(&updatesB) == Self.fix(45.0001, second: 1),
            "11 m on: B has no filter"
        )
        #expect(await sourceA.send(Self.fix(48.0001, second: 1)))  // 11 m from A's last: held back
        #expect(await sourceA.send(Self.fix(48.05, second: 2)))  // 5.6 km on: through
        #expect(try await Self.nextFix(&updatesA) == Self.fix(48.05, second: 2))
    }

    /// Reads events until the next that is neither an authorization change nor a fix.
    static func nextNonFix(_ events: inout AsyncStream<LocationEvent>.Iterator) async -> LocationEvent? {
        while let event = await nextService(&events) {
            if case .didUpdateLocations = event { continue }
            return event
        }
        return nil
    }

    @Test("a location manager's pausing is its own: standing still pauses only the manager that lets it")
    func pausingIsEachManagersOwn() async throws {
        let (engine, sourceA, clientA, sourceB, clientB) = await Self.twoClients()
        // A (a run tracker) lets iOS pause it; B (turn-by-turn directions) never pauses.
        try await clientB.set(pausesLocationUpdatesAutomatically: false)
        var eventsA = await clientA.events().makeAsyncIterator()
        var eventsB = await clientB.events().makeAsyncIterator()
        var updatesA = await clientA.liveUpdates().makeAsyncIterator()
        var updatesB = await clientB.liveUpdates().makeAsyncIterator()
        await sourceA.waitUntilRunning()
        await sourceB.waitUntilRunning()
        // The device stands within a few metres for over two minutes.
        for second in [0.0, 60, 130] {
            #expect(await sourceA.send(Self.fix(48.0, second: second)))
            #expect(await sourceB.send(Self.fix(48.0, second: second + 1)))
        }
        #expect(await Self.nextNonFix(&eventsA) == .didPauseLocationUpdates)
        #expect(await engine.isPaused)
        // B was not paused: its next fix comes, and the first thing it hears besides fixes is a heading, not a pause.
        #expect(await sourceB.send(Self.fix(48.0, second: 200)))
        var lastB: Location?
        while lastB != Self.fix(48.0, second: 200) { lastB = try await Self.nextFix(&updatesB) }
        await clientB.startUpdatingHeading()
        #expect(await sourceB.send(.heading(ClientBehaviourEndpointTests.heading(90))))
        #expect(await Self.nextNonFix(&eventsB) == .didUpdateHeading(ClientBehaviourEndpointTests.heading(90)))
        // A holds back fixes until it starts again; then it hears that it resumed, and the next fix is its.
        #expect(await sourceA.send(Self.fix(48.0, second: 210)))
        await clientA.startUpdatingLocation()
        #expect(await Self.nextNonFix(&eventsA) == .didResumeLocationUpdates)
        #expect(await sourceA.send(Self.fix(48.01, second: 220)))
        var fixesA: [Location] = []
        while fixesA.last != Self.fix(48.01, second: 220), let next = try await Self.nextFix(&updatesA) {
            fixesA.append(next)
        }
        #expect(!fixesA.contains(Self.fix(48.0, second: 210)), "held back while A was paused")
    }

    @Test("a location manager's heading filter is its own, and measured from that manager's last heading")
    func headingFilterIsEachManagersOwn() async throws {
        let (_, _, clientA, sourceB, clientB) = await Self.twoClients()
        try await clientA.set(headingFilter: .degrees(30))
        try await clientB.set(headingFilter: .noFilter)
        var eventsA = await clientA.events().makeAsyncIterator()
        var eventsB = await clientB.events().makeAsyncIterator()
        await clientA.startUpdatingHeading()
        await clientB.startUpdatingHeading()
        // The device's compass is one: the newest manager to start a monitor feeds it (B's source here).
        await sourceB.waitUntilRunning()
        let turns = [90.0, 95, 100, 125, 130]
        for degrees in turns {
            #expect(await sourceB.send(.heading(ClientBehaviourEndpointTests.heading(degrees))))
        }
        var headingsB: [Double] = []
        while headingsB.count < turns.count, case .didUpdateHeading(let heading) = await Self.nextService(&eventsB) {
            headingsB.append(heading.magneticHeading)
        }
        #expect(headingsB == turns, "B has no filter: every heading")
        var headingsA: [Double] = []
        while headingsA.count < 2, case .didUpdateHeading(let heading) = await Self.nextService(&eventsA) {
            headingsA.append(heading.magneticHeading)
        }
        #expect(headingsA == [90, 125], "A's 30° filter: 125° is the first heading 30° from A's last")
    }

    @Test(
        "a location manager's background updates are its own: in the background only the manager that allows them gets fixes"
    )
    func backgroundUpdatesAreEachManagersOwn() async throws {
        let engine = await SimulatedOS(
            appID: "com.example.two",
            declarations: UsageDescriptions(
                whenInUse: "Shows where you are.",
                always: "Records your runs.",
                backgroundModes: ["location"]
            ),
            prompter: ScriptedPerson([])
        )
        await engine.changeSettings(status: .authorizedAlways, precise: true)
        let sourceA = ScriptedSource()
        let sourceB = ScriptedSource()
        let clientA = LocationClient.simulated(os: engine, source: sourceA)
        let clientB = LocationClient.simulated(os: engine, source: sourceB)
        // A records runs in the background; B only shows the map.
        try await clientA.setAllowsBackgroundLocationUpdates(true)
        #expect(await clientA.properties().allowsBackgroundLocationUpdates)
        #expect(await !clientB.properties().allowsBackgroundLocationUpdates)
        var updatesA = await clientA.liveUpdates().makeAsyncIterator()
        var updatesB = await clientB.liveUpdates().makeAsyncIterator()
        await sourceA.waitUntilRunning()
        await sourceB.waitUntilRunning()
        await engine.handle(.background)
        #expect(await sourceB.send(Self.fix(45.0, second: 1)))
        #expect(await sourceA.send(Self.fix(48.0, second: 1)))
        #expect(try await Self.nextFix(&updatesA) == Self.fix(48.0, second: 1))
        // Back in the foreground B's next fix is the first it gets: the one sent in the background never reached it.
        await engine.handle(.foreground)
        #expect(await sourceB.send(Self.fix(45.1, second: 2)))
        #expect(try await Self.nextFix(&updatesB) == Self.fix(45.1, second: 2))
    }
}
