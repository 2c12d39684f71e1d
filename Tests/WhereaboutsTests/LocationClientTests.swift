import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// The live client: one-shot requests, streams, the source's lifecycle, regions and heading.
@Suite(.timeLimit(.minutes(5)))
struct LocationClientTests {
    @Test("requestLocation returns the next fix, precise when accuracy is full")
    func requestLocationReturnsNextFix() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        let request = Task { try await harness.client.requestLocation() }
        await harness.source.waitUntilRunning()
        await harness.source.send(fix())
        let location = try await request.value
        #expect(location == fix())
        await harness.source.waitUntilStopped()  // the source stops when nothing needs it
        #expect(!harness.source.isRunning)
    }

    @Test("requestLocation under reduced accuracy returns an approximate fix")
    func requestLocationReduced() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: false)
        let request = Task { try await harness.client.requestLocation() }
        await harness.source.waitUntilRunning()
        await harness.source.send(fix())
        let location = try await request.value
        #expect(location.coordinate.distance(to: fix().coordinate) >= 1_000)
        #expect(location.speed == nil)
    }

    @Test("requestLocation throws locationUnavailable when no fix comes before the time limit")
    func requestLocationTimesOut() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        let request = Task { try await harness.client.requestLocation() }
        await harness.source.waitUntilRunning()  // the request is in, its time limit set on the clock
        await harness.clock.advance(by: .seconds(10))
        await harness.engine.fireDueTimers()
        let error = try await #require(throws: LocationError.self) { try await request.value }
        #expect(error.code == .locationUnavailable)
    }

    @Test("requestLocation in the background with When In Use and no session throws notInUse at once")
    func requestLocationNotInUse() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        await harness.engine.handle(.background)
        let error = try await #require(throws: LocationError.self) { try await harness.client.requestLocation() }
        #expect(error.code == .notInUse)
    }

    @Test("a pending requestLocation fails at once when the grant is revoked")
    func requestLocationRevoked() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        let request = Task { try await harness.client.requestLocation() }
        await harness.source.waitUntilRunning()
        await harness.engine.changeSettings(status: .denied)
        let error = try await #require(throws: LocationError.self) { try await request.value }
        #expect(error.code == .notAuthorized)
    }

    @Test("the source starts only when something needs fixes, and cancelling the stream stops it")
    func cancellingStopsSource() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        _ = await harness.client.authorization()
        #expect(harness.source.starts == 0)
        let consumer = Task {
            var count = 0
            for try await update in await harness.client.liveUpdates() where update.location != nil { count += 1 }
            return count
        }
        await harness.source.waitUntilRunning()
        #expect(harness.source.starts == 1)
        consumer.cancel()
        await harness.source.waitUntilStopped()
        #expect(!harness.source.isRunning)
        _ = try? await consumer.value
    }

    @Test("the end of the source ends live updates; a failing source throws")
    func sourceEndEndsStream() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        let updates = await harness.client.liveUpdates()
        await harness.source.send(fix())
        harness.source.finish(throwing: LocationError.sourceFailed("the device was unplugged"))
        var locations = 0
        let error = try await #require(throws: LocationError.self) {
            for try await update in updates where update.location != nil { locations += 1 }
        }
        #expect(locations == 1)
        #expect(error.code == .sourceFailed)
    }

    @Test("terminating the app ends live updates")
    func terminateEndsStream() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        let updates = await harness.client.liveUpdates()
        await harness.engine.handle(.terminate)
        var count = 0
        for try await _ in updates { count += 1 }
        #expect(count == 1, "only the first update, then the end")
        #expect(await harness.engine.appState == .notRunning)
    }

    @Test("entering and leaving a monitored region produce events")
    func regionEvents() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()
        let region = Region(identifier: "tower", center: fix().coordinate, radius: 100)
        try await harness.client.startMonitoring(region)
        await harness.source.send(fix(48.87, 2.30, at: 0))
        await harness.source.send(fix(at: 10))
        #expect(await events.next() == .didEnterRegion(region))
        await harness.source.send(fix(48.87, 2.30, at: 20))
        #expect(await events.next() == .didExitRegion(region))
        await harness.client.stopMonitoring(region)
        #expect(await harness.engine.monitoredRegions.isEmpty)
    }

    @Test("heading arrives while started; the true heading is withheld without authorization")
    func headingDelivery() async throws {
        let harness = await EngineHarness()
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()
        await harness.client.startUpdatingHeading()
        let heading = Heading(magneticHeading: 10, trueHeading: 12, headingAccuracy: 5, timestamp: fix().timestamp)
        await harness.source.send(.heading(heading))
        guard case .didUpdateHeading(let delivered) = await events.next() else {
            Issue.record("expected a heading event")
            return
        }
        #expect(delivered.magneticHeading == 10)
        #expect(delivered.trueHeading == nil)
    }

    @Test("the unimplemented client fails the test naming the endpoint")
    func unimplementedFails() async throws {
        await withKnownIssue {
            let error = await #expect(throws: UnimplementedEndpoint.self) {
                try await LocationClient.unimplemented().requestLocation()
            }
            #expect(error?.endpoint == "requestLocation")
        }
    }

    @Test("an overridden endpoint of the unimplemented client does not fail")
    func unimplementedOverride() async throws {
        var client = LocationClient.unimplemented()
        client.authorization = { Authorization(status: .denied, accuracy: .fullAccuracy) }
        #expect(await client.authorization().status == .denied)
    }

    @Test("a scripted person fails the test on an unexpected prompt, and declines it")
    func scriptedPersonUnexpectedPrompt() async throws {
        let harness = await EngineHarness(answers: [])
        await withKnownIssue {
            let outcome = try await harness.engine.requestWhenInUseAuthorization()
            #expect(outcome.status == .denied)
        }
    }

    @Test("a scripted answer for the wrong prompt fails the test and declines")
    func scriptedPersonWrongKind() async throws {
        let harness = await EngineHarness(answers: [.allowPrecise])
        await withKnownIssue {
            let outcome = try await harness.engine.requestWhenInUseAuthorization()
            #expect(outcome.resolution == .answered(.dontAllow))
        }
    }

    @Test("cancelling a sleeper on the test clock throws CancellationError")
    func testClockCancel() async throws {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
        #expect(await clock.untilSleeping())
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }
}
