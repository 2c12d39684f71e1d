import Foundation
import Testing
import WhereaboutsTestSupport

@testable import Whereabouts

/// The geofence planner over walks through hundreds of fences, and over sets of 500 and 100,000 fences: the
/// budget, the events against a fix-by-fix evaluation of every fence, and the choice against a full sort.
///
/// Each walk is seconds of work in a debug build: it runs on a thread of its own (``computeOffThePool(_:)``), so it
/// holds no thread of the cooperative pool the other tests share, once for the suite (``GeofenceWalks``), and the
/// expectations are checked after.
@Suite(.timeLimit(.minutes(5)))
struct GeofencePlannerWalkTests {
    typealias F = GeofenceFixtures

    static let fences = F.randomFences(count: 500, side: 20_000, radii: 100...500, seed: 11)
    static let walk = F.walk(steps: 3000, stepLength: 30, bound: 8000, seed: 12)

    /// The walk through the 500 fences, fix by fix, under a budget (made once for the suite).
    static func walked(budget: Int, quirky: Bool = false) async throws -> GeofenceRun {
        try await GeofenceWalks.shared.run(
            fences: Self.fences,
            fixes: Self.walk,
            budget: budget,
            quirky: quirky,
            key: "walk 500"
        )
    }

    @Test func everyCrossingOfAWalkWithNoFenceAtRiskIsReportedOnceAtTheFixThatShowsIt() async throws {
        let run = try await Self.walked(budget: 20)

        #expect(run.plans.count > 10)
        #expect(run.plans.allSatisfy { $0.atRisk == 0 })
        let truth = try await computeOffThePool { GeofenceRun.crossings(of: Self.fences, along: Self.walk) }
        #expect(truth.count > 20)
        #expect(Set(run.events.map(GeofenceRun.describe)) == truth)
        #expect(run.events.count == truth.count)
        #expect(run.events.contains { $0.detection == .monitored })
        #expect(run.events.contains { $0.detection == .inferred })
        #expect(run.monitor.mostHeld == 20)
    }

    @Test(arguments: [2, 5, 20])
    func theConditionsHeldNeverExceedTheBudgetAndCopiesChangeNoEvent(budget: Int) async throws {
        let plain = try await Self.walked(budget: budget)
        let quirky = try await Self.walked(budget: budget, quirky: true)

        #expect(plain.monitor.mostHeld <= budget)
        #expect(quirky.monitor.mostHeld <= budget)
        #expect(quirky.events == plain.events)
        #expect(!plain.events.isEmpty)
    }

    @Test(arguments: [2, 5, 20])
    func eachEventOfAWalkIsTrueAndFollowsTheOppositeOne(budget: Int) async throws {
        var run = try await Self.walked(budget: budget)
        let positions = Dictionary(uniqueKeysWithValues: Self.walk.map { ($0.timestamp, $0.coordinate) })
        let byID = Dictionary(uniqueKeysWithValues: Self.fences.map { ($0.id, $0) })

        var last: [String: GeofenceEvent.Transition] = [:]
        for event in run.events {
            let fence = try #require(byID[event.fenceID])
            let position = try #require(positions[event.date])
            #expect(fence.contains(position) == (event.transition == .entered), "\(event) is not true at its date")
            #expect(last[event.fenceID] != event.transition, "\(event) repeats the fence's previous event")
            last[event.fenceID] = event.transition
        }
        // A last wake re-plans at the last fix: then the planner believes what the geometry says of every fence.
        let end = try #require(Self.walk.last)
        run.wake(at: end)
        for fence in Self.fences {
            let expected: GeofenceBelief.State = fence.contains(end.coordinate) ? .inside : .outside
            #expect(run.planner.belief.state(of: fence.id) == expected, "\(fence.id)")
        }
    }

    @Test(arguments: [500, 100_000])
    func aFenceSetPlansTheNearestBoundariesWhateverItsSize(count: Int) async throws {
        let (planner, actions, ranked) = try await computeOffThePool {
            let side = 20_000 * (Double(count) / 500).squareRoot()
            let fences = F.randomFences(count: count, side: side, radii: 100...500, seed: UInt64(count))
            var planner = GeofencePlanner(fences: fences, budget: 20)
            let fix = F.fix(east: 0, north: 0, second: 0)
            let actions = planner.handle(.fix(fix))
            let ranked = fences.map { ($0.boundaryDistance(from: fix.coordinate), $0.id) }.sorted { $0 < $1 }
            return (planner, actions, ranked)
        }
        let plan = try #require(planner.plan)
        #expect(plan.fenceIDs == ranked.prefix(19).map { $0.1 })
        let ring = try #require(plan.ring)
        let options = planner.options
        let expectedRadius = min(
            max(ranked[19].0 - options.ringMargin, options.wakeRingMinimumRadius),
            options.wakeRingMaximumRadius
        )
        #expect(abs(ring.radius - expectedRadius) < 1e-6)
        #expect(plan.atRisk == ranked.dropFirst(19).filter { $0.0 < ring.radius + options.ringMargin }.count)
        #expect(actions.filter { if case .add = $0 { true } else { false } }.count == 20)
        #expect(actions.allSatisfy { if case .add = $0 { true } else { false } })
    }
}
