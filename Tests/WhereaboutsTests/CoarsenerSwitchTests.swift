import Foundation
import Testing
import WhereaboutsTestSupport

@testable import Whereabouts

/// A change of point waits a keyed distance or time past the edge, so it does not mark where the edge is.
@Suite(.timeLimit(.minutes(5)))
struct CoarsenerSwitchTests {
    typealias Generator = SplitMix64

    /// Every fix comes out (one every 10 s), so the tests see each change where it happens; a change waits up
    /// to 8 km or 30 minutes.
    static let everyFix = {
        var configuration = Coarsener.Configuration(maximumFixesPerHour: 360)
        (configuration.switchDistance, configuration.switchDelay) = (8_000, 1_800)
        return configuration
    }()

    /// A ride due east at 10 m/s, one fix every 10 s: 100 m apart.
    static func ride(from start: Coordinate, fixes: Int, startingAt time: Double = 0) -> [Location] {
        (0..<fixes).map { index in
            Location(
                coordinate: CoarsenerTests.moved(start, east: 100 * Double(index), north: 0),
                horizontalAccuracy: 5,
                timestamp: Date(timeIntervalSince1970: time + 10 * Double(index))
            )
        }
    }

    /// For each change of the coarse point, how far the person was from where they entered the cell now
    /// shown, and where the change happened.
    static func changes(_ coarsener: inout Coarsener, _ fixes: [Location]) -> [(metres: Double, at: Coordinate)] {
        var entries: [Coarsener.Cell: Coordinate] = [:]
        var (last, changes): (Coordinate?, [(metres: Double, at: Coordinate)]) = (nil, [])
        for fix in fixes {
            guard let coarse = coarsener.coarsen(fix), let shown = coarsener.shown, let cell = coarsener.cell else {
                continue
            }
            if entries[cell] == nil { entries[cell] = fix.coordinate }
            if let last, last != coarse.coordinate, let entry = entries[shown] {
                changes.append((entry.distance(to: fix.coordinate), fix.coordinate))
            }
            last = coarse.coordinate
        }
        return changes
    }

    static func start(using generator: inout Generator) -> Coordinate {
        Coordinate(
            latitude: Double.random(in: -60...60, using: &generator),
            longitude: Double.random(in: -170 ... -100, using: &generator)
        )
    }

    @Test func aChangeOfPointComesAKeyedDistancePastTheEdgeNotAtIt() {
        var generator = Generator(seed: 291)
        var (waited, atOnce): ([Double], [Double]) = ([], [])
        for _ in 0..<40 {
            let secret = Coarsener.Secret(k0: generator.next(), k1: generator.next())
            let fixes = Self.ride(from: Self.start(using: &generator), fixes: 600)
            var coarsener = Coarsener(secret: secret, configuration: Self.everyFix)
            waited += Self.changes(&coarsener, fixes).map(\.metres)
            var old = Self.everyFix
            (old.switchDistance, old.switchDelay) = (0, 0)
            var previous = Coarsener(secret: secret, configuration: old)
            atOnce += Self.changes(&previous, fixes).map(\.metres)
        }
        waited.sort()
        // 60 km east through 3 km cells: about 20 changes a ride.
        #expect(waited.count >= 300, "\(waited.count) changes")
        // Waits are spread evenly over 0–8 km (a ride at 10 m/s covers 8 km in 800 s, before the delay).
        let median = waited[waited.count / 2]
        #expect((3_000...5_000).contains(median), "median \(median) m past the edge")
        #expect(waited.filter { $0 < 500 }.count <= waited.count / 8)
        #expect(waited.filter { $0 > 6_000 }.count >= waited.count / 8)
        // Shown at once, a change marks the edge: it comes at the first fix past the margin.
        #expect(atOnce.allSatisfy { $0 < 100 }, "largest \(atOnce.max() ?? 0) m")
    }

    @Test func theSameRouteChangesPointAtTheSamePlacesEveryTime() {
        var generator = Generator(seed: 292)
        for _ in 0..<10 {
            let secret = Coarsener.Secret(k0: generator.next(), k1: generator.next())
            let start = Self.start(using: &generator)
            var coarsener = Coarsener(secret: secret, configuration: Self.everyFix)
            let first = Self.changes(&coarsener, Self.ride(from: start, fixes: 400)).map(\.at)
            coarsener.reset()
            let again = Self.changes(&coarsener, Self.ride(from: start, fixes: 400, startingAt: 86_400)).map(\.at)
            #expect(!first.isEmpty)
            #expect(first == again)
        }
    }

    @Test func aPersonWhoStopsPastAnEdgeGetsTheirCellsPointWithinTheDelay() throws {
        var generator = Generator(seed: 293)
        for _ in 0..<20 {
            let secret = Coarsener.Secret(k0: generator.next(), k1: generator.next())
            var coarsener = Coarsener(secret: secret, configuration: Self.everyFix)
            var stop: Location?
            for fix in Self.ride(from: Self.start(using: &generator), fixes: 600) {
                _ = coarsener.coarsen(fix)
                if !coarsener.entered.isEmpty {
                    stop = fix
                    break
                }
            }
            let stopped = try #require(stop)
            let cell = try #require(coarsener.cell)
            #expect(coarsener.shown != cell)
            var outputs: [(time: Double, point: Coordinate)] = []
            for second in stride(from: 10.0, through: 7_200, by: 10) {
                var still = stopped
                still.timestamp = stopped.timestamp + second
                if let coarse = coarsener.coarsen(still) { outputs.append((second, coarse.coordinate)) }
            }
            let own = coarsener.grid.representative(of: cell)
            let firstOwn = try #require(outputs.first { $0.point == own }).time
            #expect(firstOwn <= Self.everyFix.switchDelay + 10)
            #expect(outputs.filter { $0.time >= firstOwn }.allSatisfy { $0.point == own })
        }
    }

    @Test func theDefaultShowsANewCellAtOnceAndTheWaitIsNotCoded() throws {
        #expect(Coarsener.Configuration.default.switchDistance == 0 && Coarsener.Configuration.default.switchDelay == 0)
        let data = try JSONEncoder().encode(Self.everyFix)
        let decoded = try JSONDecoder().decode(Coarsener.Configuration.self, from: data)
        #expect(decoded.maximumFixesPerHour == 360 && decoded.switchDistance == 0)
    }
}
