import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// The system keeps every monitor's conditions and records with the app's grant: they survive a new simulated OS on
/// the same consent store, an old consent file without them still reads, and a store that fails is reported in the
/// events.
@Suite(.timeLimit(.minutes(3)))
struct ConditionMonitorPersistenceTests {
    @Test func conditionsPersistAcrossRelaunch() async throws {
        let store = InMemoryConsentStore()
        let first = await MonitorHarness(store: store)
        let monitor = try await first.os.openMonitor("places")
        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)
        await monitor.add(MonitorHarness.office, identifier: "lobby", assuming: .unknown)
        await first.deviceIsAt(MonitorHarness.inside)
        await first.os.flush()

        let second = await MonitorHarness(status: nil, store: store)
        let reopened = try await second.os.openMonitor("places")

        #expect(await reopened.identifiers() == ["office", "lobby"])
        let record = try #require(await reopened.record(for: "office"))
        #expect(record.condition == MonitorHarness.office)
        #expect(record.lastEvent.state == .satisfied)
    }

    @Test func conditionsRoundTripThroughTheConsentFile() throws {
        var grant = Grant(decision: .always, precise: true)
        let event = MonitorEvent(
            identifier: "office",
            state: .satisfied,
            date: Date(timeIntervalSince1970: 1_750_000_000),
            flags: [.accuracyLimited]
        )
        grant.monitorConditions = [
            MonitoredCondition(
                monitor: "places",
                record: MonitorRecord(condition: MonitorHarness.office, lastEvent: event)
            )
        ]
        var document = ConsentDocument()
        document.setGrant(grant, for: "com.example.monitors")

        let read = try ConsentDocument(parsing: document.rendered()).grants()

        #expect(read.problems.isEmpty)
        #expect(read.grants["com.example.monitors"]?.monitorConditions == grant.monitorConditions)
    }

    @Test func oldConsentDocumentWithoutMonitorsStillReads() throws {
        let old = Data(
            """
            {"version": 1, "apps": {"com.example.monitors": {"decision": "always", "precise": true,
             "alwaysPromptShown": true, "provisionalAlways": false}}}
            """.utf8
        )

        let read = try ConsentDocument(parsing: old).grants()

        #expect(read.problems.isEmpty)
        #expect(read.grants["com.example.monitors"]?.decision == .always)
        #expect(read.grants["com.example.monitors"]?.monitorConditions == [])
    }

    @Test func aDamagedMonitorEntrySaysWhichEntry() throws {
        let damaged = Data(
            """
            {"version": 1, "apps": {"com.example.monitors": {"decision": "always",
             "monitorConditions": [{"monitor": "places"}]}}}
            """.utf8
        )

        let read = try ConsentDocument(parsing: damaged).grants()

        let problem = try #require(read.problems["com.example.monitors"])
        #expect(problem.contains("\"monitorConditions\" entry 1"))
    }

    @Test func persistenceFailureFlagsEvents() async throws {
        let app = await MonitorHarness(store: FailingConsentStore())
        let monitor = try await app.os.openMonitor("places")
        let events = await monitor.events()

        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)
        await app.os.flush()
        await app.os.flush()
        await monitor.close()

        let delivered = await drained(events)
        #expect(delivered.last?.flags == [.persistenceUnavailable])
        #expect(await monitor.record(for: "office")?.lastEvent.persistenceUnavailable == true)
    }
}
