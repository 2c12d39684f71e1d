import Foundation
import Testing
import Whereabouts

@testable import WhereaboutsReplay

@Suite(.timeLimit(.minutes(3)))
struct FenceGeneratorTests {
    /// A 6 km drive north-east from Portland's centre, a fix every 10 m.
    static let track: [Location] = (0...600).map { step in
        let fraction = Double(step) / 600
        return Location(
            coordinate: Coordinate(latitude: 45.5231 + fraction * 0.04, longitude: -122.6765 + fraction * 0.05),
            horizontalAccuracy: 5,
            timestamp: Date(timeIntervalSince1970: 1_427_912_703 + Double(step))
        )
    }

    @Test func theSameSeedGivesTheSameFencesAndAnotherSeedOthers() {
        let fences = FenceGenerator(seed: 26).fences(500, around: Self.track)
        #expect(fences == FenceGenerator(seed: 26).fences(500, around: Self.track))
        let other = FenceGenerator(seed: 27).fences(500, around: Self.track)
        #expect(other.map(\.id) == fences.map(\.id))
        #expect(zip(other, fences).allSatisfy { $0.center != $1.center && $0.radius != $1.radius })
    }

    @Test func fiveHundredFencesAre150AlongTheTrack250ScatteredAnd100InFiveClusters() {
        let fences = FenceGenerator(seed: 26).fences(500, around: Self.track)
        #expect(fences.count == 500)
        #expect(Set(fences.map(\.id)).count == 500)
        let along = fences.filter { $0.id.hasPrefix("along-") }
        let scattered = fences.filter { $0.id.hasPrefix("area-") }
        let clustered = fences.filter { $0.id.hasPrefix("cluster") }
        #expect((along.count, scattered.count, clustered.count) == (150, 250, 100))
        #expect(
            Set(clustered.map { $0.id.prefix { $0 != "-" } }) == [
                "cluster1", "cluster2", "cluster3", "cluster4", "cluster5",
            ]
        )
        #expect(along.first?.id == "along-001" && clustered.last?.id == "cluster5-20")
        let points = Self.track.map(\.coordinate)
        func nearestFix(_ fence: Geofence) -> Double {
            points.map { fence.center.distance(to: $0) }.min() ?? .infinity
        }
        // Along: within 300 m of a fix (the track is sampled every 10 m), radius 100–500 m.
        #expect(along.allSatisfy { nearestFix($0) <= 300.01 && (100...500).contains($0.radius) })
        // Clusters: every two fences of a cluster within 2 km of each other, and near the track.
        for cluster in 1...5 {
            let members = clustered.filter { $0.id.hasPrefix("cluster\(cluster)-") }
            #expect(members.count == 20)
            #expect(members.allSatisfy { nearestFix($0) <= 1000.01 && (100...300).contains($0.radius) })
            for first in members {
                #expect(members.allSatisfy { first.center.distance(to: $0.center) <= 2000.01 })
            }
        }
        // Scattered: inside the track's box grown by 5 km, radius 100–1000 m, and mostly off the track.
        let south = 45.5231 - 5000 / Metres.perDegree
        let north = 45.5631 + 5000 / Metres.perDegree
        #expect(
            scattered.allSatisfy { (south...north).contains($0.center.latitude) && (100...1000).contains($0.radius) }
        )
        #expect(scattered.filter { nearestFix($0) > 1000 }.count > 150)
        #expect(fences.allSatisfy { $0.center.isValid })
    }

    @Test func aTrackPassesThroughMostFencesPlacedAlongIt() {
        let fences = FenceGenerator(seed: 26).fences(500, around: Self.track)
        let entered = Set(CrossingOracle(fences: fences).crossings(along: Self.track).map(\.fenceID))
        let inside = Set(CrossingOracle(fences: fences).fencesInside(atStartOf: Self.track))
        let along = fences.filter { $0.id.hasPrefix("along-") }.map(\.id)
        // A centre within 300 m of the line and a radius of at least 100 m: the track meets most of them.
        #expect(along.filter { entered.contains($0) || inside.contains($0) }.count > 100)
    }

    @Test func smallCountsAndEmptyTracksGiveWhatTheyCan() {
        #expect(FenceGenerator(seed: 1).fences(0, around: Self.track).isEmpty)
        #expect(FenceGenerator(seed: 1).fences(10, around: []).isEmpty)
        let ten = FenceGenerator(seed: 1).fences(10, around: Self.track)
        #expect(
            ten.map(\.id) == [
                "along-1", "along-2", "along-3", "area-1", "area-2", "area-3", "area-4", "area-5", "cluster1-1",
                "cluster1-2",
            ]
        )
        let fortyFive = FenceGenerator(seed: 1).fences(45, around: Self.track).filter { $0.id.hasPrefix("cluster") }
        #expect(fortyFive.map(\.id) == (1...9).map { "cluster1-\($0)" })
    }

    @Test func anOffsetLandsAtItsDistanceAndBearing() {
        let start = Coordinate(latitude: 45.5, longitude: -122.6)
        for bearing in stride(from: 0.0, to: 360, by: 45) {
            let end = FenceGenerator.offset(start, by: 1234, bearing: bearing)
            #expect(abs(start.distance(to: end) - 1234) < 1e-6)
        }
        let east = FenceGenerator.offset(start, by: 1000, bearing: 90)
        #expect(abs(east.latitude - start.latitude) < 1e-4 && east.longitude > start.longitude)
        let north = FenceGenerator.offset(start, by: 1000, bearing: 0)
        #expect(abs(north.longitude - start.longitude) < 1e-12 && north.latitude > start.latitude)
    }
}
