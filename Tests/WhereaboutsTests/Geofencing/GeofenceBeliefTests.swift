import Foundation
import Testing

@testable import Whereabouts

/// What the belief of a fence emits: a crossing once, and only in the directions the fence asked for.
@Suite(.timeLimit(.minutes(3)))
struct GeofenceBeliefTests {
    typealias F = GeofenceFixtures

    @Test func theFirstKnownStateOfAFenceEmitsNothing() {
        var belief = GeofenceBelief()
        let fence = F.fence("a", east: 0, north: 0, radius: 100)

        #expect(belief.record(.unknown, of: fence, at: F.start, detection: .monitored) == nil)
        #expect(belief.record(.inside, of: fence, at: F.start + 1, detection: .monitored) == nil)
        #expect(belief.state(of: "a") == .inside)
        #expect(
            belief.record(.outside, of: fence, at: F.start + 2, detection: .inferred)
                == GeofenceEvent(fenceID: "a", transition: .exited, date: F.start + 2, detection: .inferred)
        )
    }

    @Test func aFenceThatDoesNotNotifyOnEntryEmitsOnlyItsExits() {
        var belief = GeofenceBelief()
        var fence = F.fence("a", east: 0, north: 0, radius: 100)
        fence.notifyOnEntry = false
        _ = belief.record(.outside, of: fence, at: F.start, detection: .monitored)

        #expect(belief.record(.inside, of: fence, at: F.start + 1, detection: .monitored) == nil)
        #expect(belief.state(of: "a") == .inside)
        #expect(belief.record(.outside, of: fence, at: F.start + 2, detection: .monitored)?.transition == .exited)
    }

    @Test func aForgottenFenceStartsAgainWithoutAnEvent() {
        var belief = GeofenceBelief()
        let fence = F.fence("a", east: 0, north: 0, radius: 100)
        _ = belief.record(.outside, of: fence, at: F.start, detection: .monitored)
        belief.forget("a")

        #expect(belief.state(of: "a") == .unknown)
        #expect(belief.record(.inside, of: fence, at: F.start + 1, detection: .monitored) == nil)
    }
}
