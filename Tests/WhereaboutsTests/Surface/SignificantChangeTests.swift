import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Rule 11: significant-change monitoring.
@Suite(.timeLimit(.minutes(5))) struct SignificantChangeTests {
    @Test("significant changes deliver the current fix at start")
    func significantChangesDeliverTheCurrentFixAtStart() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        await harness.engine.startUpdatingLocation()
        _ = await harness.engine.feed([fix(north: 0, at: 0)])
        await harness.engine.stopUpdatingLocation()
        var events = await harness.client.events().makeAsyncIterator()
        let before = await harness.engine.deliveredCount
        await harness.client.startMonitoringSignificantLocationChanges()
        #expect(await events.nextLocation() == fix(north: 0, at: 0))
        // The app had already received that fix: delivered counts each fix once.
        #expect(await harness.engine.deliveredCount == before)
    }

    @Test("significant changes at start deliver a fix the app had not received, and count it")
    func significantChangesCountAFixNotReceivedBefore() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        try await harness.client.startMonitoring(
            Region(identifier: "home", center: Coordinate(latitude: 0, longitude: 0), radius: 100)
        )
        #expect(await harness.engine.feed([fix(north: 0, at: 0)]) == 0)
        #expect(await harness.client.location() == nil)
        await harness.client.startMonitoringSignificantLocationChanges()
        #expect(await harness.engine.deliveredCount == 1)
        #expect(await harness.client.location() == fix(north: 0, at: 0))
    }

    @Test("significant changes: then a fix only at least 500 m and 5 minutes after the last one delivered")
    func significantChangesNeedFiveHundredMetresAndFiveMinutes() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        var events = await harness.client.events().makeAsyncIterator()
        await harness.client.startMonitoringSignificantLocationChanges()
        let fixes = [
            fix(north: 0, at: 0),  // the first: delivered
            fix(north: 600, at: 120),  // far, too soon
            fix(north: 450, at: 400),  // late, too near
            fix(north: 520, at: 420),  // 520 m, 7 min: delivered
            fix(north: 1000, at: 700),  // 480 m from the last delivered: no
            fix(north: 1030, at: 719),  // 510 m, 299 s: no
            fix(north: 1030, at: 720),  // 510 m, 300 s: delivered
        ]
        #expect(await harness.engine.feed(fixes) == 3)
        #expect(await events.nextLocations(3) == [fixes[0], fixes[3], fixes[6]])
    }

    @Test("significant changes run in the background only with Always")
    func significantChangesInTheBackgroundOnlyWithAlways() async throws {
        let whenInUse = await EngineHarness()
        await whenInUse.authorize(precise: true)
        await whenInUse.client.startMonitoringSignificantLocationChanges()
        await whenInUse.engine.handle(.background)
        #expect(await whenInUse.engine.feed([fix(north: 0, at: 0), fix(north: 600, at: 400)]) == 0)
        await whenInUse.engine.handle(.foreground)
        #expect(await whenInUse.engine.feed([fix(north: 1200, at: 800)]) == 1)

        let always = await EngineHarness()
        await always.authorize(precise: true, always: true)
        await always.client.startMonitoringSignificantLocationChanges()
        await always.engine.handle(.background)
        #expect(await always.engine.feed([fix(north: 0, at: 0), fix(north: 600, at: 400)]) == 2)
    }

    @Test("significant changes under reduced accuracy are coarsened like every other service")
    func significantChangesAreCoarsenedUnderReducedAccuracy() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: false)
        var events = await harness.client.events().makeAsyncIterator()
        await harness.client.startMonitoringSignificantLocationChanges()
        let raw = fix(north: 0, at: 0)
        #expect(await harness.engine.feed([raw]) == 1)
        let delivered = try #require(await events.nextLocation())
        #expect(delivered.coordinate != raw.coordinate)
        #expect(delivered.horizontalAccuracy >= (await harness.engine.coarsener.horizontalAccuracy))
        #expect(await harness.engine.lastDeliveredPrecise == false)
    }

    @Test("significant changes stop when stopped")
    func significantChangesStop() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        await harness.client.startMonitoringSignificantLocationChanges()
        await harness.source.waitUntilRunning()
        await harness.client.stopMonitoringSignificantLocationChanges()
        await harness.source.waitUntilStopped()
        #expect(await harness.engine.feed([fix(north: 0, at: 0)]) == 0)
    }
}
