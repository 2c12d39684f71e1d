import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

/// The Composable Architecture's `LocationManager`. A feature sets the manager's accuracy and distance filter and
/// asks for When In Use on appear, shows an alert on a denial, and asks for the location once authorized; with
/// Always (or on a button) it also monitors significant location changes, and stops them on disappear. Its tests
/// use a failing client with only the endpoints the feature needs overridden, and a variant runs the same feature
/// on the simulated engine to check what the app receives.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct UnimplementedClientFeatureFlowTests {
    static let alert = "Please give location access so that we can show you some cool stuff."

    nonisolated static let mockLocation = Location(
        coordinate: Coordinate(latitude: 40.6501, longitude: -73.94958),
        horizontalAccuracy: 10,
        timestamp: Date(timeIntervalSince1970: 1_700_000_000)
    )

    /// A client that fails on every endpoint but `events` (the delegate subject, already finished after
    /// `delegateEvents`), `set` and `requestWhenInUseAuthorization`, recording each call.
    private static func client(log: CallLog, delegateEvents: [LocationEvent]) -> LocationClient {
        let (events, subject) = AsyncStream.makeStream(of: LocationEvent.self)
        for event in delegateEvents {
            subject.yield(event)
        }
        subject.finish()
        var client = LocationClient.unimplemented()
        client.events = {
            await log.record("events")
            return events
        }
        client.set = { change in
            await log.record("set")
            await log.record(change)
        }
        client.requestWhenInUseAuthorization = {
            await log.record("requestWhenInUseAuthorization")
            // The prompt is on screen; the answer reaches the feature as an event.
            return AuthorizationOutcome(
                status: .notDetermined,
                accuracy: .fullAccuracy,
                resolution: .ignored(.requestInProgress)
            )
        }
        return client
    }

    /// Adds the significant-change endpoints to a client, recording each call.
    private static func withSignificantChanges(_ client: LocationClient, log: CallLog) -> LocationClient {
        var client = client
        client.startMonitoringSignificantLocationChanges = {
            await log.record("startMonitoringSignificantLocationChanges")
        }
        client.stopMonitoringSignificantLocationChanges = {
            await log.record("stopMonitoringSignificantLocationChanges")
        }
        return client
    }

    @Test("On appear the feature sets a 100 m accuracy and a 50 m distance filter, once, before asking for When In Use")
    func appearSetsTheManagersSettings() async {
        let log = CallLog()
        let waiting = LocationEvent.didChangeAuthorization(
            Authorization(status: .notDetermined, accuracy: .fullAccuracy)
        )
        let store = FeatureStore(LocationFeature(client: Self.client(log: log, delegateEvents: [waiting])))

        await store.send(.onAppear)

        #expect(await log.calls == ["events", "set", "requestWhenInUseAuthorization"])
        #expect(await log.changes == [LocationFeature.settings])
        #expect(LocationFeature.settings.desiredAccuracy == .hundredMeters)
        #expect(LocationFeature.settings.distanceFilter == .meters(50))
        #expect(LocationFeature.settings.activityType == nil)
    }

    @Test(
        "On appear the feature subscribes to events, then asks for When In Use; a denial shows the alert",
        arguments: [AuthorizationStatus.denied, .restricted]
    )
    func denialShowsTheAlert(_ status: AuthorizationStatus) async {
        let log = CallLog()
        let denied = LocationEvent.didChangeAuthorization(Authorization(status: status, accuracy: .fullAccuracy))
        let store = FeatureStore(LocationFeature(client: Self.client(log: log, delegateEvents: [denied])))

        await store.send(.onAppear)

        #expect(await log.calls == ["events", "set", "requestWhenInUseAuthorization"])
        #expect(store.received == [.locationManager(denied)])
        #expect(store.state == LocationFeature.State(alert: Self.alert, location: nil))
    }

    @Test("Once authorized When In Use the feature asks for the location and keeps it, with no alert")
    func authorizationRequestsAndStoresTheLocation() async {
        let log = CallLog()
        let granted = LocationEvent.didChangeAuthorization(
            Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy)
        )
        var client = Self.client(log: log, delegateEvents: [granted])
        client.requestLocation = {
            await log.record("requestLocation")
            return Self.mockLocation
        }
        let store = FeatureStore(LocationFeature(client: client))

        await store.send(.onAppear)

        #expect(await log.calls == ["events", "set", "requestWhenInUseAuthorization", "requestLocation"])
        #expect(store.received == [.locationManager(granted), .locationResponse(Self.mockLocation)])
        #expect(store.state == LocationFeature.State(alert: nil, location: Self.mockLocation))
    }

    @Test("Authorized Always starts significant-change monitoring with the location request; disappearing stops it")
    func alwaysStartsSignificantChangesAndDisappearStopsThem() async {
        let log = CallLog()
        let always = LocationEvent.didChangeAuthorization(
            Authorization(status: .authorizedAlways, accuracy: .fullAccuracy)
        )
        var client = Self.withSignificantChanges(Self.client(log: log, delegateEvents: [always]), log: log)
        client.requestLocation = {
            await log.record("requestLocation")
            return Self.mockLocation
        }
        let store = FeatureStore(LocationFeature(client: client))

        await store.send(.onAppear)

        #expect(
            await log.calls == [
                "events", "set", "requestWhenInUseAuthorization", "startMonitoringSignificantLocationChanges",
                "requestLocation",
            ]
        )
        #expect(store.state.monitorsSignificantChanges)

        await store.send(.onDisappear)

        #expect(await log.calls.last == "stopMonitoringSignificantLocationChanges")
        #expect(!store.state.monitorsSignificantChanges)
    }

    @Test("With When In Use, significant changes start only on the button, and their fixes become the location")
    func buttonStartsSignificantChanges() async {
        let log = CallLog()
        let moved = Location(
            coordinate: Coordinate(latitude: 40.6601, longitude: -73.94958),
            horizontalAccuracy: 65,
            timestamp: Date(timeIntervalSince1970: 1_700_000_600)
        )
        let events: [LocationEvent] = [.didUpdateLocations([moved])]
        let store = FeatureStore(
            LocationFeature(
                client: Self.withSignificantChanges(Self.client(log: log, delegateEvents: events), log: log)
            )
        )

        await store.send(.onAppear)
        #expect(await log.calls == ["events", "set", "requestWhenInUseAuthorization"])
        #expect(store.state.location == moved)

        await store.send(.significantChangesButtonTapped)
        #expect(await log.calls.last == "startMonitoringSignificantLocationChanges")
        #expect(store.state.monitorsSignificantChanges)

        await store.send(.onDisappear)
        #expect(await log.calls.last == "stopMonitoringSignificantLocationChanges")
    }

    @Test("Disappearing without significant changes running calls nothing")
    func disappearWithoutSignificantChangesCallsNothing() async {
        let log = CallLog()
        let store = FeatureStore(LocationFeature(client: Self.client(log: log, delegateEvents: [])))

        await store.send(.onDisappear)

        #expect(await log.calls.isEmpty)
    }

    @Test("A status still not determined neither alerts nor asks for the location")
    func notDeterminedDoesNothing() async {
        let log = CallLog()
        let waiting = LocationEvent.didChangeAuthorization(
            Authorization(status: .notDetermined, accuracy: .fullAccuracy)
        )
        let store = FeatureStore(LocationFeature(client: Self.client(log: log, delegateEvents: [waiting])))

        await store.send(.onAppear)

        #expect(await log.calls == ["events", "set", "requestWhenInUseAuthorization"])
        #expect(store.state == LocationFeature.State())
    }

    @Test(
        "11: on the engine the settings reach the manager; with Always the app gets moves of 500 m, 5 min apart",
        .timeLimit(.minutes(5))
    )
    func simulatedEngineDeliversWhatTheFeatureAskedFor() async throws {
        let harness = await EngineHarness(grant: Grant(decision: .always, precise: true))
        let store = FeatureStore(LocationFeature(client: harness.client))
        var actions = store.actions.makeAsyncIterator()
        let appear = Task { await store.send(.onAppear) }

        // The feature started significant changes (the source runs) and asked for the location.
        await harness.source.waitUntilRunning()
        #expect(await harness.waitForLocationRequests())
        let first = fix(40.6501, -73.94958, at: 0)
        #expect(await harness.source.send(first))
        #expect(try #require(await Self.nextLocations(&actions)) == [first])
        #expect(store.received.contains(.locationResponse(first)))
        #expect(store.state.monitorsSignificantChanges)

        let properties = await harness.client.properties()
        #expect(properties.desiredAccuracy == .hundredMeters)
        #expect(properties.distanceFilter == 50)

        // 100 m on, 400 s later: too near. 700 m from the first, 420 s after it: significant.
        #expect(await harness.source.send(fix(40.6510, -73.94958, at: 400)))
        let moved = fix(40.6564, -73.94958, at: 420)
        #expect(await harness.source.send(moved))
        #expect(try #require(await Self.nextLocations(&actions)) == [moved])
        #expect(store.state.location == moved)
        // 1.1 km further but 80 s later: too soon; the last location the app received stays.
        #expect(await harness.source.send(fix(40.6664, -73.94958, at: 500)))
        #expect(await harness.client.location() == moved)

        await store.send(.onDisappear)
        appear.cancel()
        await appear.value

        // Nothing needs fixes any more: the source stops, and the app receives nothing else.
        await harness.source.waitUntilStopped()
        #expect(await harness.source.send(fix(40.7, -73.94958, at: 1_200)) == false)
        #expect(store.state.location == moved)
        #expect(
            store.received.filter { if case .locationManager(.didUpdateLocations) = $0 { true } else { false } }.count
                == 2
        )
    }

    /// Reads the store's actions until the next `didUpdateLocations`, and returns its locations.
    private static func nextLocations(
        _ actions: inout AsyncStream<LocationFeature.Action>.Iterator
    ) async -> [Location]? {
        while let action = await actions.next(isolation: #isolation) {
            if case .locationManager(.didUpdateLocations(let locations)) = action { return locations }
        }
        return nil
    }

    @Test("Calling an endpoint that was not overridden fails the test and throws UnimplementedEndpoint")
    func unimplementedEndpointFailsTheTest() async throws {
        let client = LocationClient.unimplemented()
        var thrown: (any Error)?

        await withKnownIssue {
            do {
                _ = try await client.requestLocation()
            } catch {
                thrown = error
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("LocationClient.requestLocation is unimplemented") }
        }

        let error = try #require(thrown as? UnimplementedEndpoint)
        #expect(error.endpoint == "requestLocation")
    }

    @Test("The feature fails the test when authorized and requestLocation was not overridden")
    func featureUsingAnEndpointNotOverriddenFailsTheTest() async {
        let log = CallLog()
        let granted = LocationEvent.didChangeAuthorization(
            Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy)
        )
        let store = FeatureStore(LocationFeature(client: Self.client(log: log, delegateEvents: [granted])))

        await withKnownIssue {
            await store.send(.onAppear)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("requestLocation") }
        }

        #expect(store.state.location == nil)
    }

    @Test("The feature fails the test when authorized Always and significant changes were not overridden")
    func alwaysWithoutSignificantChangesFailsTheTest() async {
        let log = CallLog()
        let always = LocationEvent.didChangeAuthorization(
            Authorization(status: .authorizedAlways, accuracy: .fullAccuracy)
        )
        var client = Self.client(log: log, delegateEvents: [always])
        client.requestLocation = { Self.mockLocation }
        let store = FeatureStore(LocationFeature(client: client))

        await withKnownIssue {
            await store.send(.onAppear)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("startMonitoringSignificantLocationChanges") }
        }
    }
}

/// Records the endpoints a test's client was called on, in order, and the settings it was given.
private actor CallLog {
    private(set) var calls: [String] = []
    private(set) var changes: [LocationProperties.Change] = []

    func record(_ endpoint: String) {
        calls.append(endpoint)
    }

    func record(_ change: LocationProperties.Change) {
        changes.append(change)
    }
}

/// The example's app reducer, without the Composable Architecture: state, actions, and effects
/// that run against a ``LocationClient``.
private struct LocationFeature: Sendable {
    /// The manager's settings the feature sets on appear.
    static let settings = LocationProperties.Change(desiredAccuracy: .hundredMeters, distanceFilter: .meters(50))

    struct State: Equatable {
        var alert: String?
        var location: Location?
        var monitorsSignificantChanges = false
    }

    enum Action: Equatable, Sendable {
        case onAppear
        case onDisappear
        case significantChangesButtonTapped
        case locationManager(LocationEvent)
        case locationResponse(Location)
    }

    /// Work to run after a state change; it sends the actions it produces.
    typealias Effect = @Sendable (_ send: @escaping @Sendable (Action) async -> Void) async -> Void

    let client: LocationClient

    func reduce(_ state: inout State, _ action: Action) -> Effect? {
        let client = client
        switch action {
        case .onAppear:
            return { send in
                let events = await client.events()
                try? await client.set(Self.settings)
                _ = try? await client.requestWhenInUseAuthorization()
                for await event in events {
                    await send(.locationManager(event))
                }
            }
        case .onDisappear:
            guard state.monitorsSignificantChanges else { return nil }
            state.monitorsSignificantChanges = false
            return { _ in await client.stopMonitoringSignificantLocationChanges() }
        case .significantChangesButtonTapped:
            guard !state.monitorsSignificantChanges else { return nil }
            state.monitorsSignificantChanges = true
            return { _ in await client.startMonitoringSignificantLocationChanges() }
        case .locationManager(.didChangeAuthorization(let authorization)):
            switch authorization.status {
            case .denied, .restricted:
                state.alert = "Please give location access so that we can show you some cool stuff."
                return nil
            case .authorizedWhenInUse, .authorizedAlways:
                let startSignificantChanges =
                    authorization.status == .authorizedAlways
                    && !state.monitorsSignificantChanges
                if startSignificantChanges { state.monitorsSignificantChanges = true }
                return { send in
                    if startSignificantChanges { await client.startMonitoringSignificantLocationChanges() }
                    guard let location = try? await client.requestLocation() else { return }
                    await send(.locationResponse(location))
                }
            case .notDetermined:
                return nil
            }
        case .locationManager(.didUpdateLocations(let locations)):
            if let last = locations.last { state.location = last }
            return nil
        case .locationManager:
            return nil
        case .locationResponse(let location):
            state.location = location
            return nil
        }
    }
}

/// A test store in miniature: `send` runs the reducer and waits for every effect, feeding the
/// actions effects produce back in and recording them.
@MainActor
private final class FeatureStore {
    private(set) var state = LocationFeature.State()
    /// The actions effects produced, in order.
    private(set) var received: [LocationFeature.Action] = []
    /// The same actions, as they arrive, for a test that waits for them.
    let actions: AsyncStream<LocationFeature.Action>
    private let continuation: AsyncStream<LocationFeature.Action>.Continuation
    let feature: LocationFeature

    init(_ feature: LocationFeature) {
        self.feature = feature
        (actions, continuation) = AsyncStream.makeStream(of: LocationFeature.Action.self)
    }

    func send(_ action: LocationFeature.Action) async {
        guard let effect = feature.reduce(&state, action) else { return }
        await effect { [self] next in
            await receive(next)
        }
    }

    private func receive(_ action: LocationFeature.Action) async {
        received.append(action)
        await send(action)
        continuation.yield(action)
    }
}
