import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

/// `LocationClient.unimplemented()` in Swift Testing: a call to an endpoint not overridden fails the test at the
/// line that made the client, and throws where the endpoint can.
@Suite(.timeLimit(.minutes(5)))
struct UnimplementedTests {
    @Test("a call to an endpoint not overridden fails the test at the line that made the client")
    func failsAtTheCallersLine() async {
        let line = #line + 1
        let client = LocationClient.unimplemented()
        await withKnownIssue {
            _ = await client.authorization()
        } matching: { issue in
            issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
                && issue.comments.contains {
                    $0.rawValue == "LocationClient.authorization is unimplemented; override it in this test"
                }
        }
    }

    @Test("an endpoint that can throw fails the test and throws UnimplementedEndpoint naming itself")
    func throwingEndpointThrows() async throws {
        let client = LocationClient.unimplemented()
        var thrown: (any Error)?
        await withKnownIssue {
            do {
                _ = try await client.requestTemporaryFullAccuracy(purposeKey: "Navigation")
            } catch {
                thrown = error
            }
        }
        #expect((thrown as? UnimplementedEndpoint)?.endpoint == "requestTemporaryFullAccuracy")
    }

    @Test("every location-manager endpoint fails the test naming itself")
    func everyManagerEndpointNamesItself() async throws {
        let client = LocationClient.unimplemented()
        let calls: [(String, @Sendable () async -> Void)] = [
            ("authorizationSnapshot", { _ = client.authorizationSnapshot() }),
            ("locationServicesEnabled", { _ = await client.locationServicesEnabled() }),
            ("location", { _ = await client.location() }),
            ("heading", { _ = await client.heading() }),
            ("headingAvailable", { _ = await client.headingAvailable() }),
            ("isRangingAvailable", { _ = await client.isRangingAvailable() }),
            (
                "significantLocationChangeMonitoringAvailable",
                { _ = await client.significantLocationChangeMonitoringAvailable() }
            ),
            ("maximumRegionMonitoringDistance", { _ = await client.maximumRegionMonitoringDistance() }),
            ("monitoredRegions", { _ = await client.monitoredRegions() }),
            ("properties", { _ = await client.properties() }),
            ("set", { _ = try? await client.set(desiredAccuracy: .best) }),
            ("startUpdatingLocation", { await client.startUpdatingLocation() }),
            ("stopUpdatingLocation", { await client.stopUpdatingLocation() }),
            (
                "startMonitoringSignificantLocationChanges",
                { await client.startMonitoringSignificantLocationChanges() }
            ),
            ("stopMonitoringSignificantLocationChanges", { await client.stopMonitoringSignificantLocationChanges() }),
            ("dismissHeadingCalibrationDisplay", { await client.dismissHeadingCalibrationDisplay() }),
            ("startServiceSession", { _ = await client.startServiceSession(authorization: .whenInUse) }),
        ]
        for (endpoint, call) in calls {
            await withKnownIssue {
                await call()
            } matching: { issue in
                issue.comments.contains {
                    $0.rawValue == "LocationClient.\(endpoint) is unimplemented; override it in this test"
                }
            }
        }
    }

    @Test("a scripted person fails the test at the line that made it when a prompt has no answer")
    func scriptedPersonFailsAtTheCallersLine() async throws {
        let line = #line + 1
        let person = ScriptedPerson()
        let engine = await SimulatedOS(
            appID: "com.example.test",
            declarations: UsageDescriptions(whenInUse: "Shows where you are on the map."),
            prompter: person
        )
        let client = LocationClient.simulated(os: engine, source: ScriptedSource())
        var outcome: AuthorizationOutcome?
        await withKnownIssue {
            outcome = try? await client.requestWhenInUseAuthorization()
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.comments.contains { $0.rawValue.contains("no answer left") }
        }
        #expect(outcome?.status == .denied, "the prompt nobody scripted is declined")
        #expect(person.prompts.map(\.kind) == [.whenInUse])
    }
}
