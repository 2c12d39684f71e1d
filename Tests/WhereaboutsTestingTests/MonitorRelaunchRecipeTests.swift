import Clocks
import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

/// The recipe of the article "Testing your location code" for a relaunch by a monitor event, with the public API only.
@Suite(.timeLimit(.minutes(3)))
struct MonitorRelaunchRecipeTests {
    @Test func arrivingRelaunchesTheTerminatedAppAndTheEventWaitsInItsMonitor() async throws {
        let office = Coordinate(latitude: 48.8584, longitude: 2.2945)
        let declarations = UsageDescriptions(
            whenInUse: "Shows the places near you.",
            always: "Tells you when you arrive at a place, even when the app is closed."
        )
        let os = await SimulatedOS(
            appID: "com.example.places",
            declarations: declarations,
            prompter: ScriptedPerson(),
            consentStore: InMemoryConsentStore(["com.example.places": Grant(decision: .always, precise: true)]),
            clock: TestClock()
        )
        let gps = ScriptedSource()
        let monitor = try await LocationClient.simulated(os: os, source: gps).openMonitor("places")
        await monitor.add(
            .circularGeographic(center: office, radius: 150),
            identifier: "office",
            assuming: .unsatisfied
        )
        await gps.waitUntilRunning()  // the system watches the condition on the device's fixes
        await os.handle(.terminate)  // the person swipes the app away; the condition stays

        let arrived = Location(coordinate: office, horizontalAccuracy: 5, timestamp: Date())
        #expect(await gps.send(arrived))  // the device arrives: the system relaunches the app
        #expect(await os.appState == .background)
        #expect(await os.launchReason == .monitorEvent)

        // The relaunched app's launch code opens its monitor again: the event waits there.
        let relaunched = try await LocationClient.simulated(os: os, source: gps).openMonitor("places")
        var events = await relaunched.events().makeAsyncIterator()
        let event = try #require(await events.next())
        #expect(event.identifier == "office" && event.state == .satisfied)
        #expect(await relaunched.record(for: "office")?.lastEvent.state == .satisfied)
    }
}
