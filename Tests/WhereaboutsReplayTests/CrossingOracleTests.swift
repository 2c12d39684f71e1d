import Foundation
import Testing
import Whereabouts

import func WhereaboutsTestSupport.computeOffThePool

@testable import WhereaboutsReplay

/// Hand-made tracks near (0, 0), in metres north and east of it, one fix a second unless said otherwise.
enum Metres {
    /// Metres in a degree of latitude (and of longitude on the equator).
    static let perDegree = Coordinate.earthRadius * .pi / 180

    static func coordinate(north: Double, east: Double = 0) -> Coordinate {
        Coordinate(latitude: north / perDegree, longitude: east / perDegree)
    }

    static func fix(north: Double, east: Double = 0, at seconds: Double) -> Location {
        Location(
            coordinate: coordinate(north: north, east: east),
            horizontalAccuracy: 5,
            timestamp: Date(timeIntervalSince1970: 1_700_000_000 + seconds)
        )
    }

    /// A straight walk north at 10 m/s from `from` to `to` metres north, `east` metres east, a fix every `every`
    /// seconds (and one at the end).
    static func walk(from: Double, to: Double, east: Double = 0, every: Double = 1) -> [Location] {
        let duration = abs(to - from) / 10
        var fixes: [Location] = []
        var time = 0.0
        while time < duration {
            fixes.append(fix(north: from + (to - from) * time / duration, east: east, at: time))
            time += every
        }
        fixes.append(fix(north: to, east: east, at: duration))
        return fixes
    }

    static func seconds(_ date: Date) -> Double {
        date.timeIntervalSince1970 - 1_700_000_000
    }
}

@Suite(.timeLimit(.minutes(3)))
struct CrossingOracleTests {
    static let fence = Geofence(id: "pond", center: Metres.coordinate(north: 0), radius: 100)

    /// The crossings as "entered pond 40.000", with times in seconds from the start, to the millisecond.
    static func summary(_ crossings: [CrossingOracle.Crossing]) -> [String] {
        crossings.map { "\($0.transition.rawValue) \($0.fenceID) " + String(format: "%.3f", Metres.seconds($0.date)) }
    }

    @Test(arguments: [1.0, 7.0, 30.0, 100.0])
    func aStraightPassThroughACircleGivesOneEnterAndOneExitAtTheRightTimes(every seconds: Double) {
        // From 500 m south to 500 m north at 10 m/s: the boundary is at 400 m (40 s) and 600 m (60 s).
        let crossings = CrossingOracle(fences: [Self.fence]).crossings(
            along: Metres.walk(from: -500, to: 500, every: seconds)
        )
        #expect(Self.summary(crossings) == ["entered pond 40.000", "exited pond 60.000"])
        let places = crossings.map { $0.coordinate.latitude * Metres.perDegree }
        #expect(places.count == 2 && abs(places[0] + 100) < 0.01 && abs(places[1] - 100) < 0.01)
    }

    @Test func aChordBetweenTwoFixesOutsideGivesBothCrossings() {
        // 60 m east of the centre the chord runs from 80 m south to 80 m north (6-8-10): 42 s and 58 s.
        let track = [Metres.fix(north: -500, east: 60, at: 0), Metres.fix(north: 500, east: 60, at: 100)]
        let crossings = CrossingOracle(fences: [Self.fence]).crossings(along: track)
        #expect(Self.summary(crossings) == ["entered pond 42.000", "exited pond 58.000"])
    }

    @Test func aGapLongerThanTheMaximumChangesTheStateAtTheFixAfterItAndCutsThroughNothing() {
        // Parked 500 m south until 600 s, the next trip's first fix inside (20 m north) at 4200 s, then out.
        let track = [
            Metres.fix(north: -500, at: 0), Metres.fix(north: -480, at: 600), Metres.fix(north: 20, at: 4_200),
            Metres.fix(north: 200, at: 4_210),
        ]
        let gapped = CrossingOracle(fences: [Self.fence], maximumGap: 300).crossings(along: track)
        #expect(Self.summary(gapped) == ["entered pond 4200.000", "exited pond 4204.444"])
        #expect(abs(gapped[0].coordinate.latitude * Metres.perDegree - 20) < 0.01)
        // Without a maximum the hour's gap is a slow straight drive: the entry is dated inside it.
        let interpolated = CrossingOracle(fences: [Self.fence]).crossings(along: track)
        #expect(Self.summary(interpolated) == ["entered pond 3336.000", "exited pond 4204.444"])
        // A straight line through the fence during the gap is no crossing: the path is unknown.
        let through = [Metres.fix(north: -500, at: 0), Metres.fix(north: 500, at: 3_600)]
        #expect(CrossingOracle(fences: [Self.fence], maximumGap: 300).crossings(along: through).isEmpty)
        #expect(CrossingOracle(fences: [Self.fence]).crossings(along: through).count == 2)
        // Gaps up to the maximum are interpolated as before.
        let steady = Metres.walk(from: -500, to: 500, every: 100)
        #expect(
            Self.summary(CrossingOracle(fences: [Self.fence], maximumGap: 100).crossings(along: steady)) == [
                "entered pond 40.000", "exited pond 60.000",
            ]
        )
    }

    @Test func aPassThatGrazesTheOutsideOfTheBoundaryCrossesNothing() {
        for every in [1.0, 100.0] {
            let track = Metres.walk(from: -500, to: 500, east: 100.5, every: every)
            #expect(CrossingOracle(fences: [Self.fence]).crossings(along: track).isEmpty)
        }
    }

    @Test func aPassThatGrazesTheInsideOfTheBoundaryGivesAShortVisitAroundTheNearestPoint() {
        // 99.5 m east: inside for √(100² − 99.5²) ≈ 9.987 m either side of the nearest point (50 s).
        let track = [Metres.fix(north: -500, east: 99.5, at: 0), Metres.fix(north: 500, east: 99.5, at: 100)]
        let crossings = CrossingOracle(fences: [Self.fence]).crossings(along: track)
        #expect(Self.summary(crossings) == ["entered pond 49.001", "exited pond 50.999"])
        // The hysteresis of 25 m asks for more than that.
        #expect(CrossingOracle(fences: [Self.fence], hysteresis: 25).crossings(along: track).isEmpty)
    }

    @Test func aTrackThatStartsInsideGivesNoEnterAndAnExitWhenItLeaves() {
        let track = Metres.walk(from: 0, to: 500)
        let oracle = CrossingOracle(fences: [Self.fence])
        #expect(oracle.fencesInside(atStartOf: track) == ["pond"])
        #expect(Self.summary(oracle.crossings(along: track)) == ["exited pond 10.000"])
        // A track that stays inside crosses nothing.
        #expect(oracle.crossings(along: Metres.walk(from: -50, to: 50)).isEmpty)
    }

    @Test func jitterAcrossTheBoundaryIsOneCrossingWithTheHysteresisAndEveryCrossingWithout() {
        let north: [Double] = [-300, -90, -110, -95, -105, -50, 0, 200]
        let track = north.enumerated().map { Metres.fix(north: $0.element, at: Double($0.offset)) }
        // Without hysteresis each pass of −100 m counts: −300→−90 crosses at 200/210 s, and so on.
        #expect(
            Self.summary(CrossingOracle(fences: [Self.fence]).crossings(along: track)) == [
                "entered pond 0.952", "exited pond 1.500", "entered pond 2.667", "exited pond 3.500",
                "entered pond 4.091", "exited pond 6.500",
            ]
        )
        // With 25 m the track is in once it passes −75 m (between 4 s and 5 s); the crossing's instant is the last
        // pass of the boundary before that, 5/55 of the way from −105 m to −50 m. It is out past 125 m.
        #expect(
            Self.summary(CrossingOracle(fences: [Self.fence], hysteresis: 25).crossings(along: track)) == [
                "entered pond 4.091", "exited pond 6.500",
            ]
        )
    }

    @Test func aFenceThatDoesNotNotifyOnEntryGivesOnlyItsExits() {
        var fence = Self.fence
        fence.notifyOnEntry = false
        let track = Metres.walk(from: -500, to: 500)
        #expect(Self.summary(CrossingOracle(fences: [fence]).crossings(along: track)) == ["exited pond 60.000"])
        #expect(
            Self.summary(CrossingOracle(fences: [fence], honoursNotifyFlags: false).crossings(along: track)) == [
                "entered pond 40.000", "exited pond 60.000",
            ]
        )
    }

    @Test func theCrossingsOfSeveralFencesAreInTimeOrder() {
        let fences = [
            Geofence(id: "north", center: Metres.coordinate(north: 300), radius: 50),
            Self.fence,
            Geofence(id: "far", center: Metres.coordinate(north: 0, east: 5000), radius: 500),
            Geofence(id: "next", center: Metres.coordinate(north: 160), radius: 50),
        ]
        let crossings = CrossingOracle(fences: fences).crossings(along: Metres.walk(from: -500, to: 500, every: 3))
        #expect(
            Self.summary(crossings) == [
                "entered pond 40.000", "exited pond 60.000", "entered next 61.000", "exited next 71.000",
                "entered north 75.000", "exited north 85.000",
            ]
        )
    }

    @Test func aLongSegmentFarFromItsFixesStillCrossesTheFenceItPasses() {
        // Fixes 10 km either side: the fence is far from both, and the segment cuts it.
        let track = [Metres.fix(north: -10_000, east: 60, at: 0), Metres.fix(north: 10_000, east: 60, at: 2000)]
        #expect(
            Self.summary(CrossingOracle(fences: [Self.fence]).crossings(along: track)) == [
                "entered pond 992.000", "exited pond 1008.000",
            ]
        )
    }

    @Test func fixesWithAnInvalidCoordinateOrOutOfTimeOrderAreLeftOut() {
        var track = Metres.walk(from: -500, to: 500, every: 10)
        track.insert(
            Location(
                coordinate: Coordinate(latitude: 91, longitude: 0),
                horizontalAccuracy: 5,
                timestamp: track[4].timestamp
            ),
            at: 4
        )
        track.insert(Metres.fix(north: 0, at: 1), at: 7)  // inside the fence, but earlier than the fix before
        #expect(
            Self.summary(CrossingOracle(fences: [Self.fence]).crossings(along: track)) == [
                "entered pond 40.000", "exited pond 60.000",
            ]
        )
    }

    @Test func aCrossingDescribesItsDirectionFenceAndInstant() {
        let crossing = CrossingOracle.Crossing(
            fenceID: "depot",
            transition: .entered,
            date: Date(timeIntervalSince1970: 1_427_912_703.25),
            coordinate: Coordinate(latitude: 45.5, longitude: -122.6)
        )
        #expect(crossing.description == "entered depot at 2015-04-01T18:25:03.250Z")
    }

    /// Random walks against random fences: the crossings are those a fine sampling of each segment finds.
    @Test func theCrossingsAgreeWithAFineSamplingOfRandomWalks() async throws {
        // Seconds of work: on a thread of its own, so it holds no thread of the pool the other tests share.
        let disagreements = try await computeOffThePool { () -> [String] in
            var disagreements: [String] = []
            var random = SplitMix64(seed: 0x4745_4F46_454E_4345)  // "GEOFENCE"
            for walk in 0..<40 {
                var fixes: [Location] = []
                var (north, east) = (0.0, 0.0)
                for step in 0..<150 {
                    fixes.append(Metres.fix(north: north, east: east, at: Double(step) * 3))
                    let heading = Double.random(in: 0..<(2 * .pi), using: &random)
                    let length = Double.random(in: 0...40, using: &random)
                    north += length * cos(heading)
                    east += length * sin(heading)
                }
                let fences = (0..<15).map { number in
                    Geofence(
                        id: "f\(number)",
                        center: Metres.coordinate(
                            north: Double.random(in: -300...300, using: &random),
                            east: Double.random(in: -300...300, using: &random)
                        ),
                        radius: Double.random(in: 30...250, using: &random)
                    )
                }
                let found = CrossingOracle(fences: fences).crossings(along: fixes)
                for fence in fences {
                    let mine = found.filter { $0.fenceID == fence.id }.map(\.transition)
                    let sampled = Self.sampledTransitions(of: fence, along: fixes)
                    if mine != sampled {
                        disagreements.append("walk \(walk), fence \(fence): \(mine), sampled \(sampled)")
                    }
                }
            }
            return disagreements
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    /// The changes of inside-or-outside over 200 points a segment, each point's distance measured on the sphere.
    static func sampledTransitions(
        of fence: Geofence,
        along fixes: [Location]
    )
        -> [GeofenceEvent.Transition]
    {
        var inside = fence.center.distance(to: fixes[0].coordinate) < fence.radius
        var transitions: [GeofenceEvent.Transition] = []
        for (start, end) in zip(fixes, fixes.dropFirst()) {
            for step in 1...200 {
                let fraction = Double(step) / 200
                let point = Coordinate(
                    latitude: start.coordinate.latitude + fraction
                        * (end.coordinate.latitude - start.coordinate.latitude),
                    longitude: start.coordinate.longitude + fraction
                        * (end.coordinate.longitude - start.coordinate.longitude)
                )
                let now = fence.center.distance(to: point) < fence.radius
                if now != inside { transitions.append(now ? .entered : .exited) }
                inside = now
            }
        }
        return transitions
    }
}
