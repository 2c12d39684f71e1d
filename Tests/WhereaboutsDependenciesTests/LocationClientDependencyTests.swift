import Dependencies
import Foundation
import Testing
import Whereabouts
import WhereaboutsDependencies

/// A feature that reads its location client from swift-dependencies, as an app's would.
@MainActor
final class FindMeModel {
    @Dependency(\.locationClient) var locationClient
    private(set) var message = ""

    func onFindMeTapped() async {
        do {
            let outcome = try await locationClient.requestWhenInUseAuthorization()
            guard outcome.status.isAuthorized else {
                message = "Location is off: open Settings to allow it."
                return
            }
            let location = try await locationClient.requestLocation()
            message = String(
                format: "You are at %.4f, %.4f",
                location.coordinate.latitude,
                location.coordinate.longitude
            )
        } catch {
            message = "\(error)"
        }
    }
}

@MainActor
@Suite(.timeLimit(.minutes(5)))
struct LocationClientDependencyTests {
    @Test("withDependencies overrides the endpoints a feature uses")
    func overridden() async {
        let model = withDependencies {
            $0.locationClient.requestWhenInUseAuthorization = {
                AuthorizationOutcome(
                    status: .authorizedWhenInUse,
                    accuracy: .fullAccuracy,
                    resolution: .alreadyDetermined
                )
            }
            $0.locationClient.requestLocation = {
                Location(
                    coordinate: Coordinate(latitude: 48.8570, longitude: 2.3411),
                    horizontalAccuracy: 5,
                    timestamp: Date(timeIntervalSince1970: 0)
                )
            }
        } operation: {
            FindMeModel()
        }
        await model.onFindMeTapped()
        #expect(model.message == "You are at 48.8570, 2.3411")
    }

    @Test("A denial reaches the feature through the dependency")
    func denied() async {
        let model = withDependencies {
            $0.locationClient.requestWhenInUseAuthorization = {
                AuthorizationOutcome(status: .denied, accuracy: .fullAccuracy, resolution: .answered(.dontAllow))
            }
        } operation: {
            FindMeModel()
        }
        await model.onFindMeTapped()
        #expect(model.message == "Location is off: open Settings to allow it.")
    }

    @Test("The test value fails the test on an endpoint nobody overrode, naming it")
    func unimplementedByDefault() async {
        let model = withDependencies {
            $0.locationClient.requestWhenInUseAuthorization = {
                AuthorizationOutcome(
                    status: .authorizedWhenInUse,
                    accuracy: .fullAccuracy,
                    resolution: .alreadyDetermined
                )
            }
        } operation: {
            FindMeModel()
        }
        await withKnownIssue {
            await model.onFindMeTapped()
        } matching: { issue in
            issue.description.contains("LocationClient.requestLocation is unimplemented")
        }
        #expect(model.message.contains("requestLocation is unimplemented"))
    }

    @Test("The test value fails on a location-manager endpoint nobody overrode; an override is used")
    func managerEndpointsThroughTheDependency() async throws {
        let applied = LockIsolated<[LocationProperties.Change]>([])
        try await withDependencies {
            $0.locationClient.set = { change in applied.withValue { $0.append(change) } }
        } operation: {
            @Dependency(\.locationClient) var locationClient
            try await locationClient.set(desiredAccuracy: .hundredMeters, distanceFilter: .meters(50))
            await withKnownIssue {
                await locationClient.startMonitoringSignificantLocationChanges()
            } matching: { issue in
                issue.description.contains("LocationClient.startMonitoringSignificantLocationChanges is unimplemented")
            }
        }
        let expected = LocationProperties.Change(desiredAccuracy: .hundredMeters, distanceFilter: .meters(50))
        #expect(applied.value == [expected])
    }

    @Test("The live value on Linux says how to provide a client")
    func liveOnLinux() async throws {
        #if !canImport(CoreLocation)
        let client = withDependencies {
            $0.context = .live
        } operation: {
            @Dependency(\.locationClient) var client
            return client
        }
        await withKnownIssue {
            await #expect(throws: UnimplementedFailure.self) { try await client.requestLocation() }
        } matching: { issue in
            issue.description.contains("prepareDependencies")
        }
        #endif
    }

    @Test("A live engine client can be set as the dependency")
    func engineAsDependency() async throws {
        let engine = await SimulatedOS(
            appID: "com.example.findme",
            declarations: UsageDescriptions(whenInUse: "Map."),
            prompter: Declines()
        )
        let client = LocationClient.simulated(os: engine, source: EmptySource())
        let outcome = try await withDependencies {
            $0.locationClient = client
        } operation: {
            @Dependency(\.locationClient) var locationClient
            return try await locationClient.requestWhenInUseAuthorization()
        }
        #expect(outcome.status == .denied)
        #expect(outcome.resolution == .answered(.dontAllow))
    }
}

/// A person who answers every prompt with its decline.
struct Declines: PermissionPrompter {
    func answer(_ prompt: PermissionPrompt) async -> PromptAnswer { .decline(prompt.kind) }
}

/// A source with no fixes.
struct EmptySource: LocationSource {
    func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        AsyncThrowingStream { $0.finish() }
    }
}
