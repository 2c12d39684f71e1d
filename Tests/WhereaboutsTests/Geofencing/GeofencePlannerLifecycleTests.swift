import Foundation
import Testing

@testable import Whereabouts

/// The geofence planner's wakes, fence changes and adoption after a relaunch, on hand-made geometry.
@Suite(.timeLimit(.minutes(3)))
struct GeofencePlannerLifecycleTests {
    typealias F = GeofenceFixtures

    @Test func leavingTheWakeRingRequestsAFreshFixAndReplans() throws {
        var planner = GeofencePlanner(fences: GeofencePlannerTests.row, budget: 4)
        _ = planner.handle(.fix(F.fix(east: 0, north: 0, second: 0)))
        let first = try #require(planner.plan)

        #expect(planner.handle(.fix(F.fix(east: 100, north: 0, second: 10))).isEmpty)  // inside the ring
        #expect(planner.handle(.monitorEvent(identifier: "wake:1", state: .inside, date: F.start + 10)).isEmpty)
        #expect(
            planner.handle(.monitorEvent(identifier: "wake:1", state: .outside, date: F.start + 60)) == [.requestFix]
        )
        #expect(planner.handle(.monitorEvent(identifier: "wake:1", state: .outside, date: F.start + 60)).isEmpty)
        #expect(planner.handle(.woke).isEmpty)  // a fix is already on its way
        _ = planner.handle(.fix(F.fix(east: 1350, north: 0, second: 61)))

        let second = try #require(planner.plan)
        #expect(second != first)
        #expect(second.date == F.start + 61)
        #expect(second.ring?.identifier == "wake:2")
        #expect(!planner.awaitingFix)
        // A late exit of the old ring wakes nothing.
        #expect(planner.handle(.monitorEvent(identifier: "wake:1", state: .outside, date: F.start + 62)).isEmpty)
    }

    @Test func aWakeWithoutAFreshFixPlansFromTheLastFixNoOlderThanTheMaximumAge() throws {
        var planner = GeofencePlanner(fences: GeofencePlannerTests.row, budget: 4)
        _ = planner.handle(.fix(F.fix(east: 0, north: 0, second: 0)))
        _ = planner.handle(.fix(F.fix(east: 100, north: 0, second: 10)))

        #expect(planner.handle(.woke) == [.requestFix])
        _ = planner.handle(.fixUnavailable(at: F.start + 310))  // the last fix is 300 s old: the most allowed
        #expect(planner.plan?.date == F.start + 10)

        #expect(planner.handle(.woke) == [.requestFix])
        #expect(planner.handle(.fixUnavailable(at: F.start + 311)).isEmpty)
        #expect(planner.plan?.date == F.start + 10)
        #expect(!planner.awaitingFix)
    }

    @Test func aRemovedOrMovedFenceLosesItsConditionAndTheNewSetIsPlannedWithoutAnEvent() {
        let a = F.fence("a", east: 300, north: 0, radius: 100)
        let b = F.fence("b", east: 0, north: -600, radius: 100)
        var planner = GeofencePlanner(fences: [a, b], budget: 20)
        var monitor = FakeConditionMonitor(budget: 20)
        _ = monitor.run(planner.handle(.fix(F.fix(east: 0, north: 0, second: 0))))

        let moved = F.fence("a", east: 0, north: 0, radius: 50)
        let added = F.fence("c", east: 0, north: 400, radius: 100)
        let actions = planner.handle(.fencesChanged([added, moved], at: F.start + 10))
        _ = monitor.run(actions)

        #expect(
            actions == [
                .remove(identifier: "fence:a"),
                .remove(identifier: "fence:b"),
                .add(GeofencePlannerTests.condition(moved), assuming: .inside),
                .add(GeofencePlannerTests.condition(added), assuming: .outside),
            ]
        )
        #expect(planner.plan?.fenceIDs == ["a", "c"])
    }

    @Test func aChangeOfFencesWithoutARecentFixAsksForOne() {
        var planner = GeofencePlanner(fences: [F.fence("a", east: 300, north: 0, radius: 100)], budget: 20)
        _ = planner.handle(.fix(F.fix(east: 0, north: 0, second: 0)))

        let actions = planner.handle(
            .fencesChanged([F.fence("b", east: 0, north: 300, radius: 100)], at: F.start + 400)
        )
        #expect(actions == [.remove(identifier: "fence:a"), .requestFix])
    }

    @Test func aRelaunchedPlannerAdoptsItsConditionsWithoutAddingThemAgain() {
        let fences = GeofencePlannerTests.row
        var first = GeofencePlanner(fences: fences, budget: 4)
        var monitor = FakeConditionMonitor(budget: 4)
        _ = monitor.run(first.handle(.fix(F.fix(east: 0, north: 0, second: 0))))
        #expect(first.plan?.fenceIDs == ["f0", "f1", "f2"])

        // The app relaunches without f0 in its set; the system still holds f0, f1, f2 and wake:1.
        let held = monitor.conditions.values.map { $0.condition }
        var second = GeofencePlanner(fences: Array(fences.dropFirst()), budget: 4, adopting: held)
        #expect(second.heldIdentifiers == Set(monitor.conditions.keys))
        let actions = second.handle(.fix(F.fix(east: 0, north: 0, second: 100)))
        _ = monitor.run(actions)

        #expect(second.plan?.fenceIDs == ["f1", "f2", "f3"])
        let changed = actions.compactMap { action -> String? in
            switch action {
            case .add(let condition, _): "add \(condition.identifier)"
            case .remove(let identifier): "remove \(identifier)"
            default: nil
            }
        }
        #expect(changed == ["remove fence:f0", "remove wake:1", "add fence:f3", "add wake:2"])
    }

    @Test func underReducedAccuracyFencesAreEvaluatedOnDeliveredFixesAndMarkedApproximate() {
        let city = F.fence("city", east: 0, north: 0, radius: 3000)
        var planner = GeofencePlanner(fences: [city], budget: 0)
        func deliver(east: Double, second: Double) -> [GeofencePlanner.Action] {
            planner.handle(
                .evaluate(F.fix(east: east, north: 0, second: second, accuracy: 1000), detection: .approximate)
            )
        }

        #expect(deliver(east: 6000, second: 0).isEmpty)  // outside for sure: the first state
        #expect(deliver(east: 3500, second: 60).isEmpty)  // the edge within the fix's uncertainty: no news
        #expect(
            deliver(east: 500, second: 120) == [
                .emit(
                    GeofenceEvent(fenceID: "city", transition: .entered, date: F.start + 120, detection: .approximate)
                )
            ]
        )
        #expect(planner.heldIdentifiers.isEmpty)
    }
}
