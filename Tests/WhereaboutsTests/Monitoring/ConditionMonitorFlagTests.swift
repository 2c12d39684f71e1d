import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Rule 18's flags on the simulated OS: a suspension holds state changes and says why in one event, and the current
/// state arrives when it ends.
@Suite(.timeLimit(.minutes(3)))
struct ConditionMonitorFlagTests {
    @Test func reducedAccuracySuspendsWithAccuracyLimited() async throws {
        let app = await MonitorHarness(precise: false)
        let monitor = try await app.os.openMonitor("places")
        let events = await monitor.events()
        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)

        await app.deviceIsAt(MonitorHarness.inside)
        await app.os.changeSettings(precise: true)
        await monitor.close()

        let delivered = await drained(events)
        #expect(delivered.map(\.state) == [.unsatisfied, .satisfied])
        #expect(delivered.map(\.flags) == [[.accuracyLimited], []])
    }

    @Test func whenInUseInTheBackgroundHoldsEventsUntilForeground() async throws {
        let app = await MonitorHarness(status: .authorizedWhenInUse)
        let monitor = try await app.os.openMonitor("places")
        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)
        let events = await monitor.events()

        await app.os.handle(.background)
        await app.deviceIsAt(MonitorHarness.inside)
        #expect(await monitor.record(for: "office")?.lastEvent.state == .unsatisfied)
        await app.os.handle(.foreground)
        await monitor.close()

        let delivered = await drained(events)
        #expect(delivered.map(\.state) == [.unsatisfied, .satisfied])
        #expect(delivered.map(\.flags) == [[.insufficientlyInUse], []])
    }

    @Test func alwaysInTheBackgroundDeliversAtOnce() async throws {
        let app = await MonitorHarness(status: .authorizedAlways)
        let monitor = try await app.os.openMonitor("places")
        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)
        let events = await monitor.events()

        await app.os.handle(.background)
        await app.deviceIsAt(MonitorHarness.inside)
        await monitor.close()

        let delivered = await drained(events)
        #expect(delivered.map(\.state) == [.satisfied])
        #expect(delivered.map(\.flags) == [[]])
    }

    @Test func deniedAndServicesOffSayWhy() async throws {
        let app = await MonitorHarness()
        let monitor = try await app.os.openMonitor("places")
        await monitor.add(MonitorHarness.office, identifier: "office", assuming: .unsatisfied)
        let events = await monitor.events()

        await app.os.changeSettings(status: .denied)
        await app.os.changeSettings(servicesEnabled: false)
        await monitor.close()

        #expect(await drained(events).map(\.flags) == [[.authorizationDenied], [.authorizationDeniedGlobally]])
    }

    @Test func beaconConditionIsUnsupported() async throws {
        let app = await MonitorHarness()
        let monitor = try await app.os.openMonitor("places")
        let events = await monitor.events()
        let beacon = MonitorCondition.beaconIdentity(
            uuid: UUID(uuidString: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0")!,
            major: 1,
            minor: nil
        )

        await monitor.add(beacon, identifier: "door", assuming: .unknown)
        await app.deviceIsAt(MonitorHarness.inside)
        await monitor.close()

        let delivered = await drained(events)
        #expect(delivered.map(\.state) == [.unmonitored])
        #expect(delivered.map(\.flags) == [[.conditionUnsupported]])
        #expect(await monitor.record(for: "door")?.lastEvent.state == .unmonitored)
    }

    @Test func twentyFirstConditionExceedsTheLimitSharedWithRegions() async throws {
        let app = await MonitorHarness()
        for index in 0..<5 {
            try await app.os.startMonitoring(
                Region(identifier: "r\(index)", center: Coordinate(latitude: 10, longitude: 10), radius: 100)
            )
        }
        let monitor = try await app.os.openMonitor("places")
        for index in 0..<16 { await monitor.add(MonitorHarness.office, identifier: "c\(index)", assuming: .unknown) }

        let fifteenth = try #require(await monitor.record(for: "c14"))
        let sixteenth = try #require(await monitor.record(for: "c15"))
        #expect(fifteenth.lastEvent.flags.isEmpty)
        #expect(sixteenth.lastEvent.flags == [.conditionLimitExceeded])
        #expect(sixteenth.lastEvent.state == .unmonitored)

        await app.os.stopMonitoring(
            Region(identifier: "r0", center: Coordinate(latitude: 10, longitude: 10), radius: 100)
        )
        let within = try #require(await monitor.record(for: "c15"))
        #expect(within.lastEvent.flags.isEmpty)
        #expect(within.lastEvent.state == .unknown)
    }

    @Test func aRegionFailsWhenConditionsFillTheBudget() async throws {
        let app = await MonitorHarness()
        let monitor = try await app.os.openMonitor("places")
        for index in 0..<20 { await monitor.add(MonitorHarness.office, identifier: "c\(index)", assuming: .unknown) }

        do {
            try await app.os.startMonitoring(
                Region(identifier: "home", center: Coordinate(latitude: 10, longitude: 10), radius: 100)
            )
            Issue.record("a region beyond the shared budget was monitored")
        } catch {
            #expect(error.code == .regionMonitoringFailure)
            #expect(error.description.contains("remove a condition"))
        }
    }

    @Test func conditionsOfTwoMonitorsShareTheBudgetInOrderOfAddition() async throws {
        let app = await MonitorHarness()
        let first = try await app.os.openMonitor("first")
        let second = try await app.os.openMonitor("second")
        for index in 0..<10 { await first.add(MonitorHarness.office, identifier: "a\(index)", assuming: .unknown) }
        for index in 0..<10 { await second.add(MonitorHarness.office, identifier: "b\(index)", assuming: .unknown) }

        await first.add(MonitorHarness.office, identifier: "late", assuming: .unknown)

        #expect(await first.record(for: "late")?.lastEvent.flags == [.conditionLimitExceeded])
        #expect(await second.record(for: "b9")?.lastEvent.flags == [])
    }
}
