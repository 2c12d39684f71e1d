import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

/// The Composable Architecture's `LocationManager`. A feature asks for When In Use on
/// appear, shows an alert on a denial, and asks for the location once authorized; its tests use
/// a failing client with only the endpoints the feature needs overridden.
@MainActor
struct UnimplementedClientFeatureFlowTests {
    static let alert = "Please give location access so that we can show you some cool stuff."

    nonisolated static let mockLocation = Location(
        coordinate: Coordinate(latitude: 40.6501, longitude: -73.94958),
        horizontalAccuracy: 10,
        timestamp: Date(timeIntervalSince1970: 1_700_000_000)
    )

    /// A client that fails on every endpoint but `events` (the delegate subject, already finished
    /// after `delegateEvents`) and `requestWhenInUseAuthorization`, recording each call.
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

    @Test(
        "On appear the feature subscribes to events, then asks for When In Use; a denial shows the alert",
        arguments: [AuthorizationStatus.denied, .restricted]
    )
    func denialShowsTheAlert(_ status: AuthorizationStatus) async {
        let log = CallLog()
        let denied = LocationEvent.didChangeAuthorization(Authorization(status: status, accuracy: .fullAccuracy))
        let store = FeatureStore(LocationFeature(client: Self.client(log: log, delegateEvents: [denied])))

        await store.send(.onAppear)

        #expect(await log.calls == ["events", "requestWhenInUseAuthorization"])
        #expect(store.received == [.locationManager(denied)])
        #expect(store.state == LocationFeature.State(alert: Self.alert, location: nil))
    }

    @Test(
        "Once authorized the feature asks for the location and keeps it, with no alert",
        arguments: [AuthorizationStatus.authorizedWhenInUse, .authorizedAlways]
    )
    func authorizationRequestsAndStoresTheLocation(_ status: AuthorizationStatus) async {
        let log = CallLog()
        let granted = LocationEvent.didChangeAuthorization(Authorization(status: status, accuracy: .fullAccuracy))
        var client = Self.client(log: log, delegateEvents: [granted])
        client.requestLocation = {
            await log.record("requestLocation")
            return Self.mockLocation
        }
        let store = FeatureStore(LocationFeature(client: client))

        await store.send(.onAppear)

        #expect(await log.calls == ["events", "requestWhenInUseAuthorization", "requestLocation"])
        #expect(store.received == [.locationManager(granted), .locationResponse(Self.mockLocation)])
        #expect(store.state == LocationFeature.State(alert: nil, location: Self.mockLocation))
    }

    @Test("A status still not determined neither alerts nor asks for the location")
    func notDeterminedDoesNothing() async {
        let log = CallLog()
        let waiting = LocationEvent.didChangeAuthorization(
            Authorization(status: .notDetermined, accuracy: .fullAccuracy)
        )
        let store = FeatureStore(LocationFeature(client: Self.client(log: log, delegateEvents: [waiting])))

        await store.send(.onAppear)

        #expect(await log.calls == ["events", "requestWhenInUseAuthorization"])
        #expect(store.state == LocationFeature.State())
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
}

/// Records the endpoints a test's client was called on, in order.
private actor CallLog {
    private(set) var calls: [String] = []

    func record(_ endpoint: String) {
        calls.append(endpoint)
    }
}

/// The example's app reducer, without the Composable Architecture: state, actions, and effects
/// that run against a ``LocationClient``.
private struct LocationFeature: Sendable {
    struct State: Equatable {
        var alert: String?
        var location: Location?
    }

    enum Action: Equatable, Sendable {
        case onAppear
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
                _ = try? await client.requestWhenInUseAuthorization()
                for await event in events {
                    await send(.locationManager(event))
                }
            }
        case .locationManager(.didChangeAuthorization(let authorization)):
            switch authorization.status {
            case .denied, .restricted:
                state.alert = "Please give location access so that we can show you some cool stuff."
                return nil
            case .authorizedWhenInUse, .authorizedAlways:
                return { send in
                    guard let location = try? await client.requestLocation() else { return }
                    await send(.locationResponse(location))
                }
            case .notDetermined:
                return nil
            }
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
    let feature: LocationFeature

    init(_ feature: LocationFeature) {
        self.feature = feature
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
    }
}
