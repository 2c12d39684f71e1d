import Clocks
import Foundation
import Testing

@testable import Whereabouts

@Suite("GeofenceMonitor: fences beyond the budget on a condition monitor", .timeLimit(.minutes(3)))
struct GeofenceMonitorTests {
    typealias F = GeofenceFixtures

    /// Lets the monitor take in everything the system delivered, and handle it (no polling: the monitor says when).
    private func settle(_ geofences: GeofenceMonitor, _ system: FakeMonitoringSystem) async {
        await geofences.quiesce(monitorEvents: await system.eventsYielded, fixes: await system.fixesDelivered)
    }

    private func collect(_ geofences: GeofenceMonitor) -> Task<[GeofenceEvent], Never> {
        Task {
            var events: [GeofenceEvent] = []
            for await event in geofences.events { events.append(event) }
            return events
        }
    }

    @Test func startMonitorsTheNearestFencesAndAWakeRingWithinTheBudget() async throws {
        let fences = F.randomFences(count: 200, side: 10_000, radii: 100...300, seed: 7)
        let system = FakeMonitoringSystem(at: F.fix(east: 0, north: 0, second: 0), budget: 20)
        let geofences = GeofenceMonitor(client: system.client(), fences: fences, clock: TestClock())
        try await geofences.start()
        await settle(geofences, system)

        let held = await system.heldIdentifiers
        #expect(held.count == 20)
        #expect(held.filter { $0.hasPrefix("wake:") }.count == 1)
        let plan = try #require(await geofences.plan)
        let here = F.point(east: 0, north: 0)
        let nearest = fences.sorted { $0.boundaryDistance(from: here) < $1.boundaryDistance(from: here) }.prefix(19)
        #expect(Set(plan.fenceIDs) == Set(nearest.map(\.id)))
        #expect(await geofences.conditionCount == 20)
        await geofences.stop()
    }

    @Test func enteringAndLeavingAMonitoredFenceIsReportedOnceEvenWhenTheSystemRepeatsIt() async throws {
        let fence = F.fence("cafe", east: 300, north: 0, radius: 100)
        let system = FakeMonitoringSystem(at: F.fix(east: 0, north: 0, second: 0), copies: 3)
        let geofences = GeofenceMonitor(client: system.client(), fences: [fence], clock: TestClock())
        let events = collect(geofences)
        try await geofences.start()
        await settle(geofences, system)
        for (second, east) in [(10.0, 150.0), (20, 300), (30, 450), (40, 600)] {
            await system.move(to: F.fix(east: east, north: 0, second: second))
            await settle(geofences, system)
        }
        await geofences.stop()
        let reported = await events.value
        #expect(reported.map(\.transition) == [.entered, .exited])
        #expect(reported.allSatisfy { $0.fenceID == "cafe" && $0.detection == .monitored })
    }

    @Test func walkingThroughFiveHundredFencesNeverExceedsTheBudgetAndNeverRepeatsACrossing() async throws {
        let fences = F.randomFences(count: 500, side: 6_000, radii: 80...250, seed: 26)
        let walk = F.walk(steps: 1_500, stepLength: 10, bound: 2_500, seed: 3)
        let system = FakeMonitoringSystem(at: walk[0], budget: 20, copies: 2)
        let geofences = GeofenceMonitor(client: system.client(), fences: fences, clock: TestClock())
        let events = collect(geofences)
        try await geofences.start()
        await settle(geofences, system)
        for fix in walk.dropFirst() {
            await system.move(to: fix)
            await settle(geofences, system)
        }
        await geofences.stop()
        let reported = await events.value
        #expect(await system.mostHeld <= 20)
        #expect(await geofences.mostConditions <= 20)
        // Per fence, the reports are the true crossings in order: none missed with 10 m steps and a ring that keeps
        // 100 m from every unmonitored boundary, none twice, none invented.
        var truth: [String: [GeofenceEvent.Transition]] = [:]
        for fence in fences {
            var inside: Bool?
            for fix in walk {
                let now = fence.contains(fix.coordinate)
                if let inside, inside != now { truth[fence.id, default: []].append(now ? .entered : .exited) }
                inside = now
            }
        }
        let byFence = Dictionary(grouping: reported, by: \.fenceID).mapValues { $0.map(\.transition) }
        #expect(byFence == truth)
        #expect(truth.values.joined().count > 20)
        #expect(reported.count > 20)
    }
}

@Suite("GeofenceMonitor: accuracy, platforms and launches", .timeLimit(.minutes(3)))
struct GeofenceMonitorModeTests {
    typealias F = GeofenceFixtures

    /// Lets the monitor take in everything the system delivered, and handle it (no polling: the monitor says when).
    private func settle(_ geofences: GeofenceMonitor, _ system: FakeMonitoringSystem) async {
        await geofences.quiesce(monitorEvents: await system.eventsYielded, fixes: await system.fixesDelivered)
    }

    private func walkEast(
        _ geofences: GeofenceMonitor,
        _ system: FakeMonitoringSystem,
        to east: [Double],
        deliver: Bool
    ) async {
        for (index, metres) in east.enumerated() {
            let fix = F.fix(east: metres, north: 0, second: Double(index + 1) * 10)
            if deliver { await system.deliver(fix) } else { await system.move(to: fix) }
            await settle(geofences, system)
        }
    }

    private func events(_ geofences: GeofenceMonitor) -> Task<[GeofenceEvent], Never> {
        Task {
            var events: [GeofenceEvent] = []
            for await event in geofences.events { events.append(event) }
            return events
        }
    }

    @Test func underApproximateLocationFencesAreEvaluatedOnTheFixesTheAppReceives() async throws {
        let fence = F.fence("park", east: 2_000, north: 0, radius: 500)
        let system = FakeMonitoringSystem(
            at: F.fix(east: 0, north: 0, second: 0, accuracy: 1_000),
            authorization: Authorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        )
        let geofences = GeofenceMonitor(client: system.client(), fences: [fence], clock: TestClock())
        let reported = events(geofences)
        try await geofences.start()
        await settle(geofences, system)
        #expect(await system.heldIdentifiers.isEmpty, "no condition is added while the system reports none")
        #expect(await system.updating, "the monitor runs updates to have fixes to evaluate")
        await walkEast(geofences, system, to: [0, 2_000, 4_500], deliver: true)
        await geofences.stop()
        let found = await reported.value
        #expect(found.map(\.transition) == [.entered, .exited])
        #expect(found.allSatisfy { $0.detection == .approximate })
        #expect(await system.updating == false, "stopping ends the updates it started")
    }

    @Test func withoutConditionMonitorsFencesAreEvaluatedOnPreciseFixesAsInferred() async throws {
        let fence = F.fence("gate", east: 300, north: 0, radius: 100)
        let system = FakeMonitoringSystem(at: F.fix(east: 0, north: 0, second: 0), hasMonitors: false)
        let geofences = GeofenceMonitor(client: system.client(), fences: [fence], clock: TestClock())
        let reported = events(geofences)
        try await geofences.start()
        await settle(geofences, system)
        await walkEast(geofences, system, to: [0, 300, 600], deliver: true)
        await geofences.stop()
        let found = await reported.value
        #expect(found.map(\.transition) == [.entered, .exited])
        #expect(found.allSatisfy { $0.detection == .inferred })
        #expect(await geofences.plan == nil)
    }

    @Test func aSecondRunAdoptsTheConditionsLeftByTheFirstWithoutAddingThemAgain() async throws {
        let fences = F.randomFences(count: 100, side: 5_000, radii: 100...200, seed: 11)
        let system = FakeMonitoringSystem(at: F.fix(east: 0, north: 0, second: 0))
        let first = GeofenceMonitor(client: system.client(), fences: fences, clock: TestClock())
        try await first.start()
        await settle(first, system)
        await first.stop()
        let held = Set(await system.heldIdentifiers)
        let addedBefore = await system.added.count
        #expect(held.count == 20, "stopping keeps the conditions for the next launch")

        let second = GeofenceMonitor(client: system.client(), fences: fences, clock: TestClock())
        try await second.start()
        await settle(second, system)
        let fenceConditions = held.filter { $0.hasPrefix("fence:") }
        let addedAgain = await system.added.dropFirst(addedBefore).filter { fenceConditions.contains($0) }
        #expect(addedAgain.isEmpty, "unchanged fences stay monitored: \(addedAgain)")
        #expect(await system.heldIdentifiers.count <= 20)
        await second.stop(removingConditions: true)
        #expect(await system.heldIdentifiers.isEmpty)
    }

    @Test func aSecondMonitorOfTheSameNameCannotStartWhileTheFirstRuns() async throws {
        let system = FakeMonitoringSystem(at: F.fix(east: 0, north: 0, second: 0))
        let first = GeofenceMonitor(client: system.client(), fences: [], clock: TestClock())
        try await first.start()
        let second = GeofenceMonitor(client: system.client(), fences: [], clock: TestClock())
        await #expect(throws: LocationError.self) { try await second.start() }
        await first.stop()
    }

    @Test func replacingTheFencesForgetsTheRemovedOnesWithoutAnExit() async throws {
        let kept = F.fence("kept", east: 0, north: 0, radius: 100)
        let dropped = F.fence("dropped", east: 50, north: 0, radius: 100)
        let system = FakeMonitoringSystem(at: F.fix(east: 0, north: 0, second: 0))
        let geofences = GeofenceMonitor(client: system.client(), fences: [kept, dropped], clock: TestClock())
        let reported = events(geofences)
        try await geofences.start()
        await settle(geofences, system)
        await geofences.replaceFences([kept])
        await settle(geofences, system)
        #expect(!(await system.heldIdentifiers).contains("fence:dropped"))
        await walkEast(geofences, system, to: [500], deliver: false)
        await geofences.stop()
        #expect(await reported.value.map(\.fenceID) == ["kept"])
    }
}
