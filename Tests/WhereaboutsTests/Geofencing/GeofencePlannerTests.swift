import Foundation
import Testing

@testable import Whereabouts

/// The geofence planner on hand-made geometry: which fences it keeps, where the wake ring goes, how it applies a
/// plan, and which events it emits.
@Suite(.timeLimit(.minutes(3)))
struct GeofencePlannerTests {
    typealias F = GeofenceFixtures

    /// Fences 500 m apart along the east axis, radius 100 m.
    static let row = (0..<10).map { F.fence("f\($0)", east: 500 * Double($0), north: 0, radius: 100) }

    static func condition(_ fence: Geofence) -> GeofencePlanner.Condition {
        GeofencePlanner.Condition(
            identifier: GeofencePlanner.identifier(ofFence: fence.id),
            center: fence.center,
            radius: fence.radius
        )
    }

    static func emitted(_ actions: [GeofencePlanner.Action]) -> [GeofenceEvent] {
        actions.compactMap { action -> GeofenceEvent? in if case .emit(let event) = action { event } else { nil } }
    }

    @Test func thePlanKeepsTheFencesWithTheNearestBoundaries() throws {
        let fences = [
            F.fence("big", east: 5000, north: 0, radius: 4800),  // boundary 200 m away, centre 5 km
            F.fence("home", east: 30, north: 0, radius: 300),  // the device inside, its edge 270 m away
            F.fence("a", east: 1000, north: 0, radius: 100),  // 900 m
            F.fence("b", east: 0, north: 2000, radius: 100),  // 1900 m
            F.fence("c", east: -3000, north: 0, radius: 100),  // 2900 m
        ]
        var planner = GeofencePlanner(fences: fences, budget: 4)
        let actions = planner.handle(.fix(F.fix(east: 0, north: 0, second: 0)))

        let plan = try #require(planner.plan)
        #expect(plan.fenceIDs == ["big", "home", "a"])
        let ring = try #require(plan.ring)
        #expect(abs(ring.radius - 1800) < 1)  // b's boundary less the 100 m margin
        #expect(plan.atRisk == 0)
        #expect(
            actions == [
                .add(Self.condition(fences[0]), assuming: .outside),
                .add(Self.condition(fences[1]), assuming: .inside),
                .add(Self.condition(fences[2]), assuming: .outside),
                .add(
                    GeofencePlanner.Condition(identifier: "wake:1", center: F.origin, radius: ring.radius),
                    assuming: .inside
                ),
            ]
        )
    }

    @Test func theWakeRingStaysInsideTheNearestUnmonitoredBoundary() throws {
        let fences = F.randomFences(count: 500, side: 20_000, radii: 100...500, seed: 7)
        var planner = GeofencePlanner(fences: fences, budget: 20)
        _ = planner.handle(.fix(F.fix(east: 0, north: 0, second: 0)))
        let plan = try #require(planner.plan)
        let ring = try #require(plan.ring)
        try #require(ring.radius > planner.options.wakeRingMinimumRadius)  // the clamp does not apply

        #expect(plan.fenceIDs.count == 19)
        #expect(plan.atRisk == 0)
        let monitored = Set(plan.fenceIDs)
        for fence in fences where !monitored.contains(fence.id) {
            let atCentre = fence.contains(F.origin)
            for step in 0...20 {
                let distance = ring.radius * Double(step) / 20
                for degrees in stride(from: 0.0, to: 360, by: 10) {
                    let angle = degrees * .pi / 180
                    let point = F.point(east: distance * cos(angle), north: distance * sin(angle))
                    #expect(fence.contains(point) == atCentre, "the ring crosses \(fence.id)'s boundary")
                }
            }
        }
    }

    @Test func aDenseClusterIsReportedAtRisk() throws {
        // 30 fences of 40 m on a circle of 120 m around the device: every boundary 80 m away.
        var fences = (0..<30).map { index in
            let angle = Double(index) * 2 * .pi / 30
            return F.fence("c\(index)", east: 120 * cos(angle), north: 120 * sin(angle), radius: 40)
        }
        fences.append(F.fence("far", east: 5000, north: 0, radius: 100))
        var planner = GeofencePlanner(fences: fences, budget: 20)
        _ = planner.handle(.fix(F.fix(east: 0, north: 0, second: 0)))

        let plan = try #require(planner.plan)
        #expect(plan.fenceIDs.count == 19)
        #expect(plan.ring?.radius == planner.options.wakeRingMinimumRadius)
        #expect(plan.atRisk == 11)  // the cluster's fences that did not fit; "far" is not at risk
    }

    @Test func aReplanRemovesBeforeItAddsAndNeverReaddsAnUnchangedFence() throws {
        let fences = Self.row
        var planner = GeofencePlanner(fences: fences, budget: 4)
        var monitor = FakeConditionMonitor(budget: 4)
        _ = monitor.run(planner.handle(.fix(F.fix(east: 0, north: 0, second: 0))))
        #expect(planner.plan?.fenceIDs == ["f0", "f1", "f2"])

        #expect(
            planner.handle(.monitorEvent(identifier: "wake:1", state: .outside, date: F.start + 60)) == [.requestFix]
        )
        let actions = planner.handle(.fix(F.fix(east: 1350, north: 0, second: 61)))
        _ = monitor.run(actions)

        #expect(planner.plan?.fenceIDs == ["f3", "f2", "f4"])
        let ring = try #require(planner.plan?.ring)
        #expect(
            actions == [
                .emit(GeofenceEvent(fenceID: "f0", transition: .exited, date: F.start + 61, detection: .inferred)),
                .remove(identifier: "fence:f0"),
                .remove(identifier: "fence:f1"),
                .remove(identifier: "wake:1"),
                .add(Self.condition(fences[3]), assuming: .outside),
                .add(Self.condition(fences[4]), assuming: .outside),
                .add(
                    GeofencePlanner.Condition(identifier: "wake:2", center: ring.center, radius: ring.radius),
                    assuming: .inside
                ),
            ]
        )
        #expect(!monitor.removed.contains("fence:f2"))
        #expect(monitor.added.filter { $0 == "fence:f2" }.count == 1)
    }

    @Test func aFenceAddedWhileTheDeviceIsInsideIsAddedSatisfiedAndEmitsNothing() {
        let home = F.fence("home", east: 0, north: 0, radius: 200)
        var planner = GeofencePlanner(fences: [home], budget: 20)
        let actions = planner.handle(.fix(F.fix(east: 10, north: 0, second: 0)))

        #expect(actions.contains(.add(Self.condition(home), assuming: .inside)))
        #expect(Self.emitted(actions).isEmpty)
        #expect(planner.handle(.monitorEvent(identifier: "fence:home", state: .inside, date: F.start + 1)).isEmpty)
        #expect(
            planner.handle(.monitorEvent(identifier: "fence:home", state: .outside, date: F.start + 60)) == [
                .emit(GeofenceEvent(fenceID: "home", transition: .exited, date: F.start + 60, detection: .monitored))
            ]
        )
    }

    @Test func aCrossingWhileUnmonitoredIsReportedInferredAtTheNextPlan() {
        let near = F.fence("near", east: 300, north: 0, radius: 100)
        let far = F.fence("far", east: 0, north: 2000, radius: 300)
        var planner = GeofencePlanner(fences: [near, far], budget: 2)
        _ = planner.handle(.fix(F.fix(east: 0, north: 0, second: 0)))
        #expect(planner.plan?.fenceIDs == ["near"])

        #expect(
            planner.handle(.monitorEvent(identifier: "wake:1", state: .outside, date: F.start + 590)) == [.requestFix]
        )
        // The fix comes late: the person is already inside the fence that was not monitored.
        let actions = planner.handle(.fix(F.fix(east: 0, north: 1900, second: 600)))

        #expect(
            Self.emitted(actions) == [
                GeofenceEvent(fenceID: "far", transition: .entered, date: F.start + 600, detection: .inferred)
            ]
        )
        #expect(planner.plan?.fenceIDs == ["far"])
    }

    @Test func copiesAndReemissionsOfAnOSEventEmitNoSecondGeofenceEvent() {
        let fence = F.fence("a", east: 500, north: 0, radius: 100)
        var planner = GeofencePlanner(fences: [fence], budget: 20)
        _ = planner.handle(.fix(F.fix(east: 0, north: 0, second: 0)))
        let entered = GeofenceEvent(fenceID: "a", transition: .entered, date: F.start + 60, detection: .monitored)

        #expect(
            planner.handle(.monitorEvent(identifier: "fence:a", state: .inside, date: F.start + 60)) == [.emit(entered)]
        )
        func report(_ state: GeofenceBelief.State, _ second: Double) -> [GeofencePlanner.Action] {
            planner.handle(.monitorEvent(identifier: "fence:a", state: state, date: F.start + second))
        }
        #expect(report(.inside, 60).isEmpty)  // a copy
        #expect(report(.inside, 90).isEmpty)  // a re-emission of the current state
        #expect(report(.outside, 55).isEmpty)  // older than the last report
        #expect(
            planner.handle(.monitorEvent(identifier: "fence:a", state: .outside, date: F.start + 120)) == [
                .emit(GeofenceEvent(fenceID: "a", transition: .exited, date: F.start + 120, detection: .monitored))
            ]
        )
    }

    @Test func aReplayContradictedByAFreshFixInsideTheWindowIsRefused() {
        let fence = F.fence("a", east: 500, north: 0, radius: 100)
        var planner = GeofencePlanner(fences: [fence], budget: 20)
        _ = planner.handle(.fix(F.fix(east: 0, north: 0, second: 0)))

        // 3 s after the add the system replays "inside" from an earlier run; the plan's fix is 400 m outside.
        #expect(
            planner.handle(.monitorEvent(identifier: "fence:a", state: .inside, date: F.start + 3)) == [.requestFix]
        )
        #expect(planner.belief.state(of: "a") == .outside)
        #expect(Self.emitted(planner.handle(.fix(F.fix(east: 0, north: 0, second: 4)))).isEmpty)
        // After the window the same report is a crossing.
        #expect(
            planner.handle(.monitorEvent(identifier: "fence:a", state: .inside, date: F.start + 60)) == [
                .emit(GeofenceEvent(fenceID: "a", transition: .entered, date: F.start + 60, detection: .monitored))
            ]
        )
    }

    @Test func aRefusedEventIsCheckedAgainstTheNextFix() {
        let fence = F.fence("a", east: 500, north: 0, radius: 100)
        var planner = GeofencePlanner(fences: [fence], budget: 20)
        _ = planner.handle(.fix(F.fix(east: 0, north: 0, second: 0)))
        #expect(
            planner.handle(.monitorEvent(identifier: "fence:a", state: .inside, date: F.start + 3)) == [.requestFix]
        )

        // The fresh fix shows the person inside after all: the crossing is reported, inferred, at that fix.
        let actions = planner.handle(.fix(F.fix(east: 480, north: 0, second: 5)))
        #expect(
            Self.emitted(actions) == [
                GeofenceEvent(fenceID: "a", transition: .entered, date: F.start + 5, detection: .inferred)
            ]
        )
    }
}
