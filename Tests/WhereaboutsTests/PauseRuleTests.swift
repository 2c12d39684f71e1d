import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Rule 14: a pause under When In Use, out of the foreground, ends location updates until the app launches again.
@Suite(.timeLimit(.minutes(5)))
struct PauseRuleTests {
    /// Authorizes, allows background updates, starts a background session and the standard service, goes to the
    /// background and stands still until the updates pause.
    static func pausedInTheBackground(always: Bool) async throws -> (EngineHarness, AsyncStream<LocationEvent>.Iterator)
    {
        let harness = await EngineHarness()
        await harness.authorize(precise: true, always: always)
        try await harness.client.setAllowsBackgroundLocationUpdates(true)
        #expect(await harness.engine.startBackgroundSession())
        var events = await harness.client.events().makeAsyncIterator()
        await harness.client.startUpdatingLocation()
        await harness.engine.handle(.background)
        // Standing within 20 m for 120 s (the engine's stationary rule) pauses updates.
        #expect(await harness.engine.feed([fix(north: 0, at: 0), fix(north: 5, at: 60)]) == 2)
        #expect(await harness.engine.feed([fix(north: 3, at: 130)]) == 0)
        #expect(await harness.engine.isPaused)
        #expect(await events.nextLocations(2).count == 2)
        #expect(await events.nextService() == .didPauseLocationUpdates)
        return (harness, events)
    }

    @Test("14: under When In Use a pause in the background ends location updates until the app launches again")
    func whenInUsePauseEndsUpdatesUntilTheNextLaunch() async throws {
        let (harness, _) = try await Self.pausedInTheBackground(always: false)
        // Started again in the same launch: nothing, and the updates stay paused.
        await harness.client.startUpdatingLocation()
        #expect(await harness.engine.feed([fix(north: 500, at: 200)]) == 0)
        #expect(await harness.engine.isPaused)
        // Back in the foreground, still the same launch.
        await harness.engine.handle(.foreground)
        await harness.client.stopUpdatingLocation()
        await harness.client.startUpdatingLocation()
        #expect(await harness.engine.feed([fix(north: 900, at: 260)]) == 0)
        let updates = await harness.client.liveUpdates()
        #expect(await harness.engine.feed([fix(north: 1300, at: 320)]) == 0)
        _ = updates
        // A new launch restores them: the relaunched app's new client starts its updates and gets fixes.
        await harness.engine.handle(.terminate)
        await harness.engine.handle(.launch)
        let relaunched = LocationClient.simulated(os: harness.engine, source: harness.source)
        await relaunched.startUpdatingLocation()
        #expect(await harness.engine.feed([fix(north: 1700, at: 380)]) == 1)
        #expect(await !harness.engine.isPaused)
    }

    @Test("14: under Always a pause in the background lasts only until the app starts its updates again")
    func alwaysPauseEndsWhenUpdatesStartAgain() async throws {
        var (harness, events) = try await Self.pausedInTheBackground(always: true)
        await harness.client.startUpdatingLocation()
        #expect(await events.nextService() == .didResumeLocationUpdates)
        #expect(await !harness.engine.isPaused)
        #expect(await harness.engine.feed([fix(north: 500, at: 200)]) == 1)
    }

    @Test("14: a pause in the foreground under When In Use lasts only until the app starts its updates again")
    func foregroundPauseUnderWhenInUseEndsWhenUpdatesStartAgain() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        await harness.client.startUpdatingLocation()
        #expect(await harness.engine.feed([fix(north: 0, at: 0), fix(north: 5, at: 60)]) == 2)
        #expect(await harness.engine.feed([fix(north: 3, at: 130)]) == 0)
        #expect(await harness.engine.isPaused)
        await harness.client.startUpdatingLocation()
        #expect(await harness.engine.feed([fix(north: 500, at: 200)]) == 1)
    }

    @Test("14: the pause rule as a function of the policy: When In Use out of the foreground, until a launch")
    func pauseRuleOnThePolicy() {
        var background = PolicyFixtures.policy(.whenInUse, precise: true, appState: .background)
        background.updatesPaused()
        #expect(background.updatesEndedByPause)
        background.handle(.foreground)
        #expect(background.updatesEndedByPause, "the same launch")
        background.handle(.terminate)
        background.handle(.launch)
        #expect(!background.updatesEndedByPause)
        var always = PolicyFixtures.policy(.always, precise: true, appState: .background)
        always.updatesPaused()
        #expect(!always.updatesEndedByPause)
        var foreground = PolicyFixtures.policy(.whenInUse, precise: true)
        foreground.updatesPaused()
        #expect(!foreground.updatesEndedByPause)
        background.appState = .background
        background.updatesPaused()
        background.changeSettings(status: .authorizedAlways, precise: nil, servicesEnabled: nil, restricted: nil)
        #expect(!background.updatesEndedByPause, "Always lifts it")
    }

    @Test("14: a launch in the background by the system is a new launch too: updates a pause ended may run again")
    func backgroundRelaunchEndsThePauseRule() {
        var policy = PolicyFixtures.policy(.whenInUse, precise: true, appState: .background)
        policy.updatesPaused()
        #expect(policy.updatesEndedByPause)
        policy.handle(.terminate)
        policy.launchInBackground()
        #expect(!policy.updatesEndedByPause)
    }
}
