import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Rule 11: the last known location and heading.
@Suite(.timeLimit(.minutes(5))) struct LastKnownTests {
    @Test("last known location is what the app last received, from any service")
    func lastLocationIsWhatTheAppLastReceived() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        #expect(await harness.client.location() == nil)
        await harness.client.startUpdatingLocation()
        _ = await harness.engine.feed([fix(north: 0, at: 0), fix(north: 30, at: 10)])
        #expect(await harness.client.location() == fix(north: 30, at: 10))
    }

    @Test("last known location is nil when the app may not see one, and cleared when authorization is revoked")
    func lastLocationClearedOnRevoke() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        await harness.client.startUpdatingLocation()
        _ = await harness.engine.feed([fix(north: 0, at: 0)])
        await harness.engine.handle(.background)
        #expect(await harness.client.location() == nil)
        await harness.engine.handle(.foreground)
        #expect(await harness.client.location() == fix(north: 0, at: 0))
        await harness.engine.changeSettings(status: .denied)
        #expect(await harness.client.location() == nil)
        await harness.engine.changeSettings(status: .authorizedWhenInUse)
        #expect(await harness.client.location() == nil)
    }

    @Test("last known location is coarse under reduced accuracy, even when it was received precise")
    func lastLocationIsCoarseUnderReducedAccuracy() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        await harness.client.startUpdatingLocation()
        let raw = fix(north: 0, at: 0)
        _ = await harness.engine.feed([raw])
        await harness.engine.changeSettings(precise: false)
        let last = try #require(await harness.client.location())
        #expect(last.coordinate != raw.coordinate)
        #expect(last.horizontalAccuracy >= (await harness.engine.coarsener.horizontalAccuracy))
    }

    @Test("last known heading is the last heading the app received")
    func lastHeadingIsTheLastReceived() async throws {
        let harness = await EngineHarness()
        #expect(await harness.client.heading() == nil)
        await harness.client.startUpdatingHeading()
        let heading = Heading(magneticHeading: 42, headingAccuracy: 5, timestamp: Date(timeIntervalSince1970: 0))
        await harness.engine.ingest(.heading(heading))
        #expect(await harness.client.heading() == heading)
    }

    @Test("isRangingAvailable is false; headingAvailable is true only when the source can give headings")
    func availabilityFollowsTheSimulatedDevice() async throws {
        let harness = await EngineHarness()
        #expect(await !harness.client.isRangingAvailable())
        #expect(await harness.client.significantLocationChangeMonitoringAvailable())
        #expect(await harness.client.headingAvailable())
        let noCompass = LocationClient.simulated(
            os: harness.engine,
            source: ScriptedSource(providesHeadings: false)
        )
        #expect(await !noCompass.headingAvailable())
        #expect(await harness.client.locationServicesEnabled())
        await harness.engine.changeSettings(servicesEnabled: false)
        #expect(await !harness.client.locationServicesEnabled())
        #expect(harness.client.authorizationSnapshot().servicesEnabled == false)
    }
}
