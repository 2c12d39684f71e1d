import Clocks
import ConcurrencyExtras
import Foundation
import Testing

@testable import Whereabouts

@Suite("GeofenceMonitor: fences beyond the budget on a condition monitor", .timeLimit(.minutes(1)))
struct GeofenceMonitorTests {
    typealias F = GeofenceFixtures

    /// Lets the monitor take in everything the system delivered, and handle it.
    private func settle(_ geofences: GeofenceMonitor, _ system: FakeMonitoringSystem) async {
        for _ in 0..<10_000 {
            await Task.megaYield()
            await geofences.settle()
            let seen = await geofences.monitorEventsSeen
            let yielded = await system.eventsYielded
            let fixesSeen = await geofences.fixesSeen
            let delivered = await system.fixesDelivered
            if seen == yielded, fixesSeen == delivered, await geofences.isIdle { return }
        }
        Issue.record("the monitor did not settle")
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
