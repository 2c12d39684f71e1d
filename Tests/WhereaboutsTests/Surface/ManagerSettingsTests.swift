import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Rule 11: the location manager's settings, each tested by the behaviour it names.
@Suite(.timeLimit(.minutes(5))) struct ManagerSettingsTests {
    @Test("desiredAccuracy reduced gives approximate fixes even under full accuracy authorization")
    func desiredAccuracyReducedGivesApproximateFixes() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        try await harness.client.set(desiredAccuracy: .reduced)
        await harness.engine.startUpdatingLocation()
        let raw = fix(north: 0, at: 0)
        #expect(await harness.engine.feed([raw]) == 1)
        let delivered = try #require(await harness.engine.lastDelivered)
        #expect(await harness.engine.lastDeliveredPrecise == false)
        #expect(delivered.coordinate != raw.coordinate)
        #expect(delivered.horizontalAccuracy >= (await harness.engine.coarsener.horizontalAccuracy))
        #expect(await harness.client.authorization().accuracy == .fullAccuracy)
    }

    @Test("desiredAccuracy other than reduced is recorded and reported, and fixes stay as precise as allowed")
    func desiredAccuracyHintsAreRecorded() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        try await harness.client.set(desiredAccuracy: .kilometer)
        #expect(await harness.client.properties().desiredAccuracy == .kilometer)
        await harness.engine.startUpdatingLocation()
        let raw = fix(north: 0, at: 0)
        _ = await harness.engine.feed([raw])
        #expect(await harness.engine.lastDelivered == raw)
        #expect(await harness.client.properties().summary.contains("desiredAccuracy kilometer"))
    }

    @Test("distanceFilter: the first fix, then only fixes at least d metres from the last delivered")
    func distanceFilterDeliversOnlyFarEnoughFixes() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        try await harness.client.set(distanceFilter: .meters(100))
        var events = await harness.client.events().makeAsyncIterator()
        await harness.client.startUpdatingLocation()
        let fixes = [
            fix(north: 0, at: 0), fix(north: 60, at: 10), fix(north: 99, at: 20), fix(north: 101, at: 30),
            fix(north: 150, at: 40), fix(north: 205, at: 50),
        ]
        #expect(await harness.engine.feed(fixes) == 3)
        #expect(await events.nextLocations(3) == [fixes[0], fixes[3], fixes[5]])
        try await harness.client.set(distanceFilter: .noFilter)
        #expect(await harness.engine.feed([fix(north: 206, at: 60)]) == 1)
    }

    @Test("pausesLocationUpdatesAutomatically true: updates pause after standing still, until started again")
    func pausingStopsUpdatesUntilStartedAgain() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        var events = await harness.client.events().makeAsyncIterator()
        await harness.client.startUpdatingLocation()
        // Standing within 20 m for 120 s (the engine's stationary rule) pauses updates.
        #expect(await harness.engine.feed([fix(north: 0, at: 0), fix(north: 5, at: 60)]) == 2)
        #expect(await harness.engine.feed([fix(north: 3, at: 130)]) == 0)
        #expect(await harness.engine.isPaused)
        #expect(await events.nextLocations(2).count == 2)
        #expect(await events.nextService() == .didPauseLocationUpdates)
        #expect(await harness.engine.feed([fix(north: 500, at: 200), fix(north: 900, at: 260)]) == 0)
        await harness.client.startUpdatingLocation()
        #expect(await events.nextService() == .didResumeLocationUpdates)
        #expect(await !harness.engine.isPaused)
        #expect(await harness.engine.feed([fix(north: 1300, at: 320)]) == 1)
    }

    @Test("pausesLocationUpdatesAutomatically false: updates never pause")
    func notPausingKeepsUpdatesFlowing() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        try await harness.client.set(pausesLocationUpdatesAutomatically: false)
        await harness.client.startUpdatingLocation()
        let still = (0..<10).map { fix(north: Double($0 % 3), at: Double($0) * 60) }
        #expect(await harness.engine.feed(still) == 10)
        #expect(await !harness.engine.isPaused)
        #expect(await harness.engine.diagnostics().contains(.stationary))
    }

    @Test("headingFilter: a heading is delivered only when it turned by at least the filter")
    func headingFilterHoldsBackSmallTurns() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        try await harness.client.set(headingFilter: .degrees(10))
        var events = await harness.client.events().makeAsyncIterator()
        await harness.client.startUpdatingHeading()
        let headings = [0.0, 5, 9.9, 12, 355, 359].map {
            Heading(magneticHeading: $0, trueHeading: $0, headingAccuracy: 5, timestamp: Date(timeIntervalSince1970: 0))
        }
        for heading in headings { await harness.engine.ingest(.heading(heading)) }
        var delivered: [Double] = []
        for _ in 0..<3 {
            if case .didUpdateHeading(let heading) = await events.nextService() {
                delivered.append(heading.magneticHeading)
            }
        }
        #expect(delivered == [0, 12, 355])
        #expect(await harness.client.heading()?.magneticHeading == 355)
    }

    @Test("activityType, headingOrientation and showsBackgroundLocationIndicator are recorded and reported")
    func hintsAreRecordedAndReported() async throws {
        let harness = await EngineHarness()
        #expect(await harness.client.properties() == LocationProperties())
        try await harness.client.set(
            activityType: .fitness,
            headingOrientation: .landscapeLeft,
            showsBackgroundLocationIndicator: true
        )
        let properties = await harness.client.properties()
        #expect(properties.activityType == .fitness)
        #expect(properties.headingOrientation == .landscapeLeft)
        #expect(properties.showsBackgroundLocationIndicator)
        #expect(properties.pausesLocationUpdatesAutomatically)
        #expect(properties.summary.contains("activityType fitness"))
    }

    @Test("set allowing background updates without the location mode changes nothing and throws")
    func setRefusesBackgroundWithoutTheMode() async throws {
        var info = UsageDescriptions.complete
        info.backgroundModes = []
        let harness = await EngineHarness(info: info)
        let error = try await #require(throws: LocationError.self) {
            try await harness.client.set(activityType: .airborne, allowsBackgroundLocationUpdates: true)
        }
        #expect(error.code == .backgroundModeMissing)
        #expect(await harness.client.properties() == LocationProperties())
    }

    @Test("startUpdatingLocation alone delivers fixes as didUpdateLocations events; stopUpdatingLocation stops them")
    func standardServiceIsAnEndpointOfItsOwn() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        var events = await harness.client.events().makeAsyncIterator()
        await harness.client.startUpdatingLocation()
        await harness.source.waitUntilRunning()
        #expect(await harness.engine.feed([fix(north: 0, at: 0)]) == 1)
        #expect(await events.nextLocation() == fix(north: 0, at: 0))
        await harness.client.stopUpdatingLocation()
        await harness.source.waitUntilStopped()
        #expect(await harness.engine.feed([fix(north: 100, at: 10)]) == 0)
    }

    @Test("startUpdatingLocation while denied reports the denial as an error event")
    func standardServiceWhileDeniedReportsIt() async throws {
        let harness = await EngineHarness()
        await harness.engine.changeSettings(status: .denied)
        var events = await harness.client.events().makeAsyncIterator()
        await harness.client.startUpdatingLocation()
        guard case .didFailWithError(let error) = await events.nextService() else {
            Issue.record("expected the denial")
            return
        }
        #expect(error.code == .notAuthorized)
    }
}
