import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Rule 13: explicit service sessions, on the simulated OS through the simulated client.
@Suite(.timeLimit(.minutes(5)))
struct ExplicitSessionTests {
    static var optedIn: UsageDescriptions {
        var info = UsageDescriptions.complete
        info.requiresExplicitServiceSession = true
        return info
    }

    @Test(
        "13: an app that opted into explicit sessions gets no background fixes with Always until it holds an Always session"
    )
    func alwaysNeedsAnAlwaysSessionInTheBackground() async throws {
        let harness = await EngineHarness(info: Self.optedIn)
        await harness.authorize(always: true)
        try await harness.client.setAllowsBackgroundLocationUpdates(true)
        let updates = await harness.client.liveUpdates()
        await harness.source.send(fix(at: 0))
        #expect(await harness.engine.deliveredCount == 1)
        await harness.engine.handle(.background)
        await harness.source.send(fix(at: 1))
        #expect(await harness.engine.deliveredCount == 1, "no session: nothing in the background")
        #expect(await harness.engine.diagnostics() == [.serviceSessionRequired])
        await harness.engine.handle(.foreground)
        let whenInUse = await harness.client.startServiceSession(authorization: .whenInUse)
        await harness.engine.handle(.background)
        await harness.source.send(fix(at: 2))
        #expect(await harness.engine.deliveredCount == 1, "a When In Use session is not enough for Always")
        #expect(await harness.engine.diagnostics() == [.insufficientlyInUse])
        await harness.engine.handle(.foreground)
        let always = await harness.client.startServiceSession(authorization: .always)
        await harness.engine.handle(.background)
        await harness.source.send(fix(at: 3))
        #expect(await harness.engine.deliveredCount == 2)
        #expect(await harness.engine.diagnostics() == [])
        await always.invalidate()
        await harness.source.send(fix(at: 4))
        #expect(await harness.engine.deliveredCount == 2, "the Always session ended")
        await whenInUse.invalidate()
        _ = updates
    }

    @Test("13: under the opt-in, When In Use with a background session needs a When In Use session in the background")
    func whenInUseNeedsASessionBesideTheBackgroundSession() async throws {
        let harness = await EngineHarness(info: Self.optedIn)
        await harness.authorize()
        try await harness.client.setAllowsBackgroundLocationUpdates(true)
        let updates = await harness.client.liveUpdates()
        #expect(await harness.engine.startBackgroundSession())
        await harness.engine.handle(.background)
        await harness.source.send(fix(at: 0))
        #expect(await harness.engine.deliveredCount == 0)
        #expect(await harness.engine.diagnostics().contains(.serviceSessionRequired))
        await harness.engine.handle(.foreground)
        let session = await harness.client.startServiceSession(authorization: .whenInUse)
        await harness.engine.handle(.background)
        await harness.source.send(fix(at: 1))
        #expect(await harness.engine.deliveredCount == 1)
        #expect(await harness.engine.diagnostics() == [])
        await session.invalidate()
        _ = updates
    }

    @Test(
        "13: under the opt-in, region events reach an Always app in the background only while it holds an Always session"
    )
    func regionEventsNeedAnAlwaysSession() async throws {
        let harness = await EngineHarness(info: Self.optedIn)
        await harness.authorize(always: true)
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()
        let region = Region(identifier: "tower", center: fix().coordinate, radius: 100)
        try await harness.client.startMonitoring(region)
        await harness.source.send(fix(48.87, 2.30, at: 0))
        await harness.source.send(fix(at: 10))
        #expect(await events.next() == .didEnterRegion(region))
        await harness.engine.handle(.background)
        await harness.source.send(fix(48.87, 2.30, at: 20))  // no session: the exit is not delivered
        await harness.engine.handle(.foreground)
        await harness.source.send(fix(at: 30))
        #expect(await events.next() == .didEnterRegion(region))
        let session = await harness.client.startServiceSession(authorization: .always)
        await harness.engine.handle(.background)
        await harness.source.send(fix(48.87, 2.30, at: 40))
        #expect(await events.next() == .didExitRegion(region))
        await session.invalidate()
    }

    @Test("13: the opt-in is read in both of the spellings Apple's pages use")
    func theOptInIsReadInBothSpellings() throws {
        for key in ["CLRequireExplicitServiceSession", "NSLocationRequireExplicitServiceSession"] {
            let info = try UsageDescriptions(dictionary: [key: true])
            #expect(info.requiresExplicitServiceSession, "\(key)")
            let off = try UsageDescriptions(dictionary: [key: false])
            #expect(!off.requiresExplicitServiceSession, "\(key)")
        }
        #expect(throws: LocationError.self) {
            try UsageDescriptions(dictionary: ["NSLocationRequireExplicitServiceSession": "YES"])
        }
        let either = try UsageDescriptions(dictionary: [
            "CLRequireExplicitServiceSession": false, "NSLocationRequireExplicitServiceSession": true,
        ])
        #expect(either.requiresExplicitServiceSession)
    }
}
