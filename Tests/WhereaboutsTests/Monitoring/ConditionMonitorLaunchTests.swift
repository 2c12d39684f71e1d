import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Condition monitors across launches: the state iOS re-emits when a monitor is opened after a launch, the duplicate
/// deliveries apps report, and the relaunch of a terminated app for a condition's event.
@Suite(.timeLimit(.minutes(3)))
struct ConditionMonitorLaunchTests {
    /// Adds the office to the monitor "places" and walks in, so its record says satisfied; then the app ends.
    private func insideThenTerminated(_ app: MonitorHarness) async throws {
        let monitor = try await app.os.openMonitor("places")
        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)
        let events = await monitor.events()
        await app.deviceIsAt(MonitorHarness.inside)
        await monitor.close()
        #expect(await drained(events).map(\.state) == [.satisfied])
        await app.os.handle(.terminate)
    }

    @Test func openingAfterLaunchReemitsCurrentState() async throws {
        let app = await MonitorHarness()
        try await insideThenTerminated(app)

        await app.os.handle(.launch)
        let monitor = try await app.os.openMonitor("places")
        let events = await monitor.events()
        await monitor.close()
        let again = try await app.os.openMonitor("places")
        let secondEvents = await again.events()
        await again.close()

        #expect(await drained(events).map(\.state) == [.satisfied])
        #expect(await drained(secondEvents).isEmpty)
    }

    @Test func reemissionCanBeTurnedOff() async throws {
        let quirks = SimulatedOS.MonitorQuirks(reemitsStateAtLaunch: false)
        let app = await MonitorHarness(options: SimulatedOS.Options(monitorQuirks: quirks))
        try await insideThenTerminated(app)

        await app.os.handle(.launch)
        let monitor = try await app.os.openMonitor("places")
        let events = await monitor.events()
        await monitor.close()

        #expect(await drained(events).isEmpty)
    }

    @Test func duplicateDeliveriesRepeatEachStateChange() async throws {
        let quirks = SimulatedOS.MonitorQuirks(duplicateDeliveries: 2)
        let app = await MonitorHarness(options: SimulatedOS.Options(monitorQuirks: quirks))
        let monitor = try await app.os.openMonitor("places")
        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)
        let events = await monitor.events()

        await app.deviceIsAt(MonitorHarness.inside)
        await monitor.close()

        #expect(await drained(events).map(\.state) == [.satisfied, .satisfied, .satisfied])
    }

    @Test func stateChangeRelaunchesATerminatedAppWithAlways() async throws {
        let app = await MonitorHarness(status: .authorizedAlways)
        let monitor = try await app.os.openMonitor("places")
        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)
        await app.deviceIsAt(MonitorHarness.outside)
        await app.os.handle(.terminate)

        await app.deviceIsAt(MonitorHarness.inside)
        #expect(await app.os.appState == .background)
        #expect(await app.os.launchReason == .monitorEvent)
        // The event waits in the monitor, past the launch's window.
        await app.clock.advance(by: .seconds(60))
        let reopened = try await app.os.openMonitor("places")
        let events = await reopened.events()
        await reopened.close()

        #expect(await drained(events).map(\.state) == [.satisfied])
    }

    @Test func stateChangeDoesNotRelaunchUnderWhenInUse() async throws {
        let app = await MonitorHarness(status: .authorizedWhenInUse)
        let monitor = try await app.os.openMonitor("places")
        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)
        await app.deviceIsAt(MonitorHarness.outside)
        await app.os.handle(.terminate)

        await app.deviceIsAt(MonitorHarness.inside)

        #expect(await app.os.appState == .notRunning)
        #expect(await app.os.launchReason == nil)
        #expect(await monitor.record(for: "office")?.lastEvent.state == .unsatisfied)
    }

    @Test func terminationFinishesTheOpenMonitorsStream() async throws {
        let app = await MonitorHarness()
        let monitor = try await app.os.openMonitor("places")
        let events = await monitor.events()

        await app.os.handle(.terminate)

        #expect(await drained(events).isEmpty)
    }
}
