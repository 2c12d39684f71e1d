import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// What a platform's Core Location lacks ends in an error that says so, never in a call to an API the platform does
/// not have, nor in silence: visionOS has no Always, heading, visits, region monitoring or background updates;
/// watchOS no visits or region monitoring.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ManagerClientPlatformTests {
    /// The capabilities of visionOS's Core Location, as `CoreLocationManager` reports them there.
    nonisolated static let visionOS = ManagerCapabilities(
        alwaysAuthorization: false,
        heading: false,
        visits: false,
        backgroundUpdates: false
    )

    @Test("No Always (visionOS): the request throws and says to ask for When In Use; Core Location is not called")
    func noAlways() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        harness.ios.capabilities = Self.visionOS
        let error = await #expect(throws: LocationError.self) {
            try await harness.client.requestAlwaysAuthorization()
        }
        #expect(error?.code == .sourceFailed)
        #expect(error?.description.contains("requestWhenInUseAuthorization()") == true)
        #expect(harness.ios.calls.isEmpty)
        // When In Use still works.
        let whenInUse = Harness()
        whenInUse.ios.capabilities = Self.visionOS
        let request = Task { try await whenInUse.client.requestWhenInUseAuthorization() }
        await whenInUse.yield { whenInUse.ios.prompt == .whenInUse }
        whenInUse.ios.answer(.allowWhileUsing(precise: true))
        #expect(try await request.value.status == .authorizedWhenInUse)
    }

    @Test("No heading (visionOS): starting heading updates sends an error event instead of calling Core Location")
    func noHeading() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        harness.ios.capabilities = Self.visionOS
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()  // the current authorization
        await harness.client.startUpdatingHeading()
        guard case .didFailWithError(let error) = await events.next() else {
            Issue.record("no error event")
            return
        }
        #expect(error.code == .sourceFailed)
        await harness.client.stopUpdatingHeading()
        #expect(harness.ios.calls.isEmpty)
    }

    @Test(
        "No visits (visionOS, watchOS): starting visit monitoring throws",
        arguments: [ManagerClientPlatformTests.visionOS, ManagerCapabilities(visits: false)]
    )
    func noVisits(capabilities: ManagerCapabilities) async throws {
        let harness = Harness(status: .authorizedAlways)
        harness.ios.capabilities = capabilities
        let error = await #expect(throws: LocationError.self) { try await harness.client.startMonitoringVisits() }
        #expect(error?.code == .sourceFailed)
        #expect(harness.ios.calls.isEmpty)
    }

    @Test("No region monitoring (visionOS, watchOS): starting it throws regionMonitoringUnavailable")
    func noRegions() async throws {
        let harness = Harness(status: .authorizedAlways)
        harness.ios.isRegionMonitoringAvailable = false
        let region = Region(identifier: "home", center: deviceFix().coordinate, radius: 100)
        let error = await #expect(throws: LocationError.self) { try await harness.client.startMonitoring(region) }
        #expect(error?.code == .regionMonitoringUnavailable)
        #expect(harness.ios.monitoredRegions.isEmpty)
    }

    @Test("No background updates (visionOS): allowing them throws; not allowing them is fine")
    func noBackgroundUpdates() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        harness.ios.capabilities = Self.visionOS
        let error = await #expect(throws: LocationError.self) {
            try await harness.client.setAllowsBackgroundLocationUpdates(true)
        }
        #expect(error?.code == .sourceFailed)
        #expect(!harness.ios.allowsBackgroundLocationUpdates)
        try await harness.client.setAllowsBackgroundLocationUpdates(false)
    }
}
