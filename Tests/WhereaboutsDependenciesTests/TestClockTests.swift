import Dependencies
import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

/// A test target that imports both swift-dependencies (which re-exports swift-clocks) and WhereaboutsTesting
/// names `TestClock` without a module: WhereaboutsTesting has no clock of its own to make it ambiguous.
@Suite(.timeLimit(.minutes(5)))
struct TestClockTests {
    @Test("TestClock, unqualified beside Dependencies, drives the engine's time limit for requestLocation")
    func requestLocationTimesOutOnTheTestClock() async throws {
        let clock = TestClock()
        let source = ScriptedSource()
        let engine = await SimulatedOS(
            appID: "com.example.find-me",
            declarations: UsageDescriptions(whenInUse: "Shows where you are on the map."),
            prompter: ScriptedPerson(),
            clock: clock
        )
        await engine.changeSettings(status: .authorizedWhenInUse)
        let client = LocationClient.simulated(os: engine, source: source)
        let request = Task { try await client.requestLocation() }
        await source.waitUntilRunning()  // the request is in, its time limit set

        #expect(await clock.untilSleeping(), "the time limit waits on the clock")
        await clock.advance(by: .seconds(9))
        #expect(await clock.untilSleeping(), "still waiting for a fix")
        await clock.advance(by: .seconds(1))

        let error = try await #require(throws: LocationError.self) { try await request.value }
        #expect(error.code == .locationUnavailable)
    }
}
