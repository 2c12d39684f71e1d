import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// The simulated OS's condition monitors: opening by name, adding with an assumed state, records, and the events of
/// crossings.
@Suite(.timeLimit(.minutes(3)))
struct ConditionMonitorTests {
    @Test func addWithAssumedStateStartsTheRecord() async throws {
        let app = await MonitorHarness()
        let monitor = try await app.os.openMonitor("places")

        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .satisfied)

        let record = try #require(await monitor.record(for: "office"))
        #expect(record.condition == MonitorHarness.office)
        #expect(record.lastEvent.state == .satisfied)
        #expect(record.lastEvent.flags.isEmpty)
        #expect(await monitor.identifiers() == ["office"])
    }

    @Test func identifiersKeepTheOrderOfAdditionAndRemoveDropsTheRecord() async throws {
        let app = await MonitorHarness()
        let monitor = try await app.os.openMonitor("places")
        for name in ["c", "a", "b"] { await monitor.add(MonitorHarness.office, identifier: name) }

        await monitor.remove("a")

        #expect(await monitor.identifiers() == ["c", "b"])
        #expect(await monitor.record(for: "a") == nil)
    }

    @Test func enteringACircleDeliversSatisfied() async throws {
        let app = await MonitorHarness()
        let device = ScriptedSource()
        let client = LocationClient.simulated(os: app.os, source: device)
        let monitor = try await client.openMonitor("places")
        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)
        let events = await monitor.events()

        await device.waitUntilRunning()
        await device.send(MonitorHarness.inside)
        await monitor.close()

        let delivered = await drained(events)
        #expect(delivered.map(\.state) == [.satisfied])
        #expect(delivered.first?.flags == [])
        #expect(delivered.first?.date == MonitorHarness.inside.timestamp)
        #expect(await monitor.record(for: "office")?.lastEvent.state == .satisfied)
    }

    @Test func leavingACircleDeliversUnsatisfiedOnce() async throws {
        let app = await MonitorHarness()
        let monitor = try await app.os.openMonitor("places")
        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .satisfied)
        let events = await monitor.events()

        await app.deviceIsAt(MonitorHarness.inside)
        await app.deviceIsAt(MonitorHarness.outside)
        await app.deviceIsAt(MonitorHarness.outside)
        await monitor.close()

        #expect(await drained(events).map(\.state) == [.unsatisfied])
    }

    @Test func eventsWaitWhileNoStreamIsOpen() async throws {
        let app = await MonitorHarness()
        let monitor = try await app.os.openMonitor("places")
        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)

        await app.deviceIsAt(MonitorHarness.inside)
        let events = await monitor.events()
        await monitor.close()

        #expect(await drained(events).map(\.state) == [.satisfied])
    }

    @Test func aNewEventsCallFinishesTheEarlierStream() async throws {
        let app = await MonitorHarness()
        let monitor = try await app.os.openMonitor("places")
        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)
        let first = await monitor.events()

        let second = await monitor.events()
        await app.deviceIsAt(MonitorHarness.inside)
        await monitor.close()

        #expect(await drained(first).isEmpty)
        #expect(await drained(second).map(\.state) == [.satisfied])
    }

    @Test func secondOpenOfTheSameNameThrows() async throws {
        let app = await MonitorHarness()
        let monitor = try await app.os.openMonitor("places")

        await #expect(throws: LocationError.self) { _ = try await app.os.openMonitor("places") }
        do {
            _ = try await app.os.openMonitor("places")
        } catch {
            #expect(error.code == .monitorNameUnavailable)
            #expect(error.description.contains("close it"))
        }
        await monitor.close()
        _ = try await app.os.openMonitor("places")
    }

    @Test func anEmptyNameThrows() async throws {
        let app = await MonitorHarness()
        do {
            _ = try await app.os.openMonitor("")
            Issue.record("an empty name opened a monitor")
        } catch {
            #expect(error.code == .monitorNameUnavailable)
        }
    }

    @Test func watchOSHasNoConditionMonitors() async throws {
        let app = await MonitorHarness(platform: .watchOS)
        let client = LocationClient.simulated(os: app.os, source: ScriptedSource())
        do {
            _ = try await client.openMonitor("places")
            Issue.record("watchOS opened a condition monitor")
        } catch let error as LocationError {
            #expect(error.code == .conditionMonitoringUnavailable)
            #expect(error.description.contains("watchOS"))
        }
    }

    @Test func aClosedMonitorsCallsReachNothing() async throws {
        let app = await MonitorHarness()
        let monitor = try await app.os.openMonitor("places")
        await monitor.close()

        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)

        let reopened = try await app.os.openMonitor("places")
        #expect(await reopened.identifiers().isEmpty)
    }
}
