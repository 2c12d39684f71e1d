import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

#if WHEREABOUTS_LIVE_BEHAVIOUR
import WhereaboutsCoreLocation
#endif

/// Condition monitors through the clients that have them: the simulated OS's, and `LocationClient.live()`'s
/// `CLMonitor` in the platform flavours of scripts/check-apple.sh, each checked against what `CLMonitor` does.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ClientBehaviourMonitorTests {
    static let home = Coordinate(latitude: 52.52, longitude: 13.405)
    static let office = MonitorCondition.circularGeographic(center: home, radius: 100)
    static let park = MonitorCondition.circularGeographic(
        center: Coordinate(latitude: 52.53, longitude: 13.405),
        radius: 200
    )

    static func fix(north metres: Double = 0, second: Double = 0) -> Location {
        Location(
            coordinate: Coordinate(latitude: home.latitude + metres / 111_195, longitude: home.longitude),
            horizontalAccuracy: 5,
            timestamp: Date(timeIntervalSince1970: 1_700_000_000 + second)
        )
    }

    /// The next event that tells the app a condition's state, skipping those that carry flags.
    static func nextState(_ events: inout AsyncStream<MonitorEvent>.Iterator) async -> MonitorEvent? {
        while let event = await events.next(isolation: #isolation) {
            if event.flags.isEmpty { return event }
        }
        return nil
    }

    #if !(WHEREABOUTS_LIVE_WATCHOS || WHEREABOUTS_LIVE_VISIONOS)
    @Test(
        "A monitor holds what was added, in order, each record starting from the state the app assumed",
        arguments: ClientKind.withConditionMonitors
    )
    func monitorAddWithAssumedState(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let monitor = try await device.client.openMonitor("places")
        #expect(monitor.name == "places")
        await monitor.add(Self.office, identifier: "office", assuming: .unsatisfied)
        await monitor.add(Self.park, identifier: "park")
        #expect(await monitor.identifiers() == ["office", "park"])

        let office = try #require(await monitor.record(for: "office"))
        #expect(office.condition == Self.office)
        #expect(office.lastEvent.identifier == "office")
        #expect(office.lastEvent.state == .unsatisfied)
        #expect(await monitor.record(for: "park")?.lastEvent.state == .unknown)
        #expect(await monitor.record(for: "nowhere") == nil)
        await monitor.close()
    }

    @Test(
        "Events: entering a circle is satisfied, leaving it unsatisfied, and the record keeps the last",
        arguments: ClientKind.withConditionMonitors
    )
    func monitorEventsOnEnteringAndLeaving(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let monitor = try await device.client.openMonitor("places")
        await monitor.add(Self.office, identifier: "office", assuming: .unsatisfied)
        var events = await monitor.events().makeAsyncIterator()
        // A circle to watch makes the device locate, as a region does.
        await device.waitUntilDeviceLocates()

        await device.deviceFinds(Self.fix(north: 10))
        let entered = try #require(await Self.nextState(&events))
        #expect(entered.identifier == "office")
        #expect(entered.state == .satisfied)

        await device.deviceFinds(Self.fix(north: 1_000, second: 60))
        let left = try #require(await Self.nextState(&events))
        #expect(left.state == .unsatisfied)
        #expect(await monitor.record(for: "office")?.lastEvent.state == .unsatisfied)
        await monitor.close()
    }

    @Test(
        "remove: the condition and its record go, and its crossings reach no stream",
        arguments: ClientKind.withConditionMonitors
    )
    func monitorRemove(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let monitor = try await device.client.openMonitor("places")
        await monitor.add(Self.office, identifier: "office", assuming: .unsatisfied)
        await monitor.add(Self.park, identifier: "park", assuming: .unsatisfied)
        await monitor.remove("office")
        await monitor.remove("never-added")
        #expect(await monitor.identifiers() == ["park"])
        #expect(await monitor.record(for: "office") == nil)

        var events = await monitor.events().makeAsyncIterator()
        await device.waitUntilDeviceLocates()
        await device.deviceFinds(Self.fix(north: 10))
        // The park is 1.1 km north: its crossing is the first event, the office's none.
        await device.deviceFinds(Self.fix(north: 1_112, second: 60))
        let event = try #require(await Self.nextState(&events))
        #expect(event.identifier == "park")
        #expect(event.state == .satisfied)
        await monitor.close()
    }

    @Test(
        "close ends the stream and frees the name; the monitor opened again holds the conditions still",
        arguments: ClientKind.withConditionMonitors
    )
    func monitorCloseAndReopen(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let monitor = try await device.client.openMonitor("places")
        await monitor.add(Self.office, identifier: "office", assuming: .satisfied)
        let events = await monitor.events()
        await monitor.close()
        for await event in events { Issue.record("\(event) came after close") }

        let reopened = try await device.client.openMonitor("places")
        #expect(await reopened.identifiers() == ["office"])
        #expect(await reopened.record(for: "office")?.condition == Self.office)
        await reopened.close()
    }

    @Test(
        "Beacon identity conditions are kept as given, and reported unsupported where the device ranges no beacons",
        arguments: ClientKind.withConditionMonitors
    )
    func monitorBeaconConditions(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let monitor = try await device.client.openMonitor("beacons")
        let uuid = try #require(UUID(uuidString: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"))
        let any = MonitorCondition.beaconIdentity(uuid: uuid, major: nil, minor: nil)
        let major = MonitorCondition.beaconIdentity(uuid: uuid, major: 7, minor: nil)
        let exact = MonitorCondition.beaconIdentity(uuid: uuid, major: 7, minor: 42)
        var events = await monitor.events().makeAsyncIterator()
        await monitor.add(any, identifier: "any")
        await monitor.add(major, identifier: "major")
        await monitor.add(exact, identifier: "exact")
        #expect(await monitor.record(for: "any")?.condition == any)
        #expect(await monitor.record(for: "major")?.condition == major)
        #expect(await monitor.record(for: "exact")?.condition == exact)

        // The simulated device has no beacons (`rangesBeacons`): each condition is unsupported, and unmonitored.
        let event = try #require(await events.next(isolation: #isolation))
        #expect(event.conditionUnsupported)
        #expect(event.state == .unmonitored)
        await monitor.close()
    }

    @Test(
        "A second open of a name that is open, or an empty name, throws monitorNameUnavailable instead of crashing",
        arguments: ClientKind.withConditionMonitors
    )
    func monitorSecondOpenThrows(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let monitor = try await device.client.openMonitor("places")
        let second = await #expect(throws: LocationError.self) { try await device.client.openMonitor("places") }
        #expect(second?.code == .monitorNameUnavailable)
        let empty = await #expect(throws: LocationError.self) { try await device.client.openMonitor("") }
        #expect(empty?.code == .monitorNameUnavailable)

        let other = try await device.client.openMonitor("errands")
        await other.close()
        await monitor.close()
    }
    #else
    @Test(
        "watchOS and visionOS have no CLMonitor: opening one throws conditionMonitoringUnavailable, naming the way out",
        arguments: ClientKind.withConditionMonitors
    )
    func monitorUnavailableOnThePlatform(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let error = await #expect(throws: LocationError.self) { try await device.client.openMonitor("places") }
        #expect(error?.code == .conditionMonitoringUnavailable)
        #if WHEREABOUTS_LIVE_WATCHOS
        #expect(error?.description.contains("watchOS") == true)
        #else
        #expect(error?.description.contains("visionOS") == true)
        #endif
        #expect(error?.description.contains("GeofenceMonitor") == true)
    }
    #endif
}
