import Foundation
import Testing
import WhereaboutsTestSupport

@testable import Whereabouts

@Suite(.timeLimit(.minutes(5)))
struct CoarsenerTests {
    @Test func sipHashMatchesTheReferenceVectors() {
        var hasher = SipHasher(k0: 0x0706_0504_0302_0100, k1: 0x0f0e_0d0c_0b0a_0908)
        hasher.append(bytes: 0..<15)
        #expect(hasher.finalize() == 0xa129_ca61_49be_45e5)
        var empty = SipHasher(k0: 0x0706_0504_0302_0100, k1: 0x0f0e_0d0c_0b0a_0908)
        #expect(empty.finalize() == 0x726f_db47_dd0e_0e31)
        // Words are eight little-endian bytes, aligned or not.
        let words: [UInt64] = [0x1122_3344_5566_7788, UInt64(bitPattern: -5), 42]
        var byBytes = SipHasher(k0: 1, k1: 2)
        var byWords = SipHasher(k0: 1, k1: 2)
        byBytes.append(byte: 9)
        byWords.append(byte: 9)
        for word in words {
            byBytes.append(bytes: (0..<8).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) })
            byWords.append(word)
        }
        #expect(byBytes.finalize() == byWords.finalize())
        var tagged = SipHasher(k0: 1, k1: 2)
        for word in words {
            tagged.append(word)
        }
        #expect(SipHasher.hash(tag: words[0], -5, 42, k0: 1, k1: 2) == tagged.finalize())
    }

    @Test func theSecretGivesTheSameOutputAndAnotherSecretOtherPoints() {
        let secret = Coarsener.Secret(k0: 7, k1: 11)
        var first = Coarsener(secret: secret)
        var second = Coarsener(secret: secret)
        let fixes = Self.walk(from: Coordinate(latitude: 48.85, longitude: 2.29), steps: 2_000, seed: 1)
        let outputs = fixes.map { first.coarsen($0) }
        #expect(outputs == fixes.map { second.coarsen($0) })
        #expect(outputs.contains(nil) && outputs.contains { $0 != nil })
        let other = Coarsener(secret: Coarsener.Secret(k0: 7, k1: 12))
        var generator = Generator(seed: 2)
        let differing = (0..<100).filter { _ in
            let coordinate = Self.randomCoordinate(using: &generator)
            return first.representative(for: coordinate) != other.representative(for: coordinate)
        }
        #expect(differing.count >= 95)
    }

    @Test func coarsePointsLieOneToNineKilometresFromTheTruth() throws {
        var generator = Generator(seed: 3)
        var distances: [Double] = []
        let coarsener = Coarsener(secret: .init(k0: generator.next(), k1: generator.next()))
        for index in 0..<10_000 {
            var coordinate = Self.randomCoordinate(using: &generator)
            if index.isMultiple(of: 10) { coordinate.latitude = index.isMultiple(of: 20) ? 80 : -80 }
            let point = coarsener.representative(for: coordinate)
            #expect(point.isValid)
            distances.append(point.distance(to: coordinate))
        }
        // Walks cross cell edges, so many outputs come from the hysteresis margin.
        var fromMargin = 0
        for (index, latitude) in [-80.0, -60, -33.9, -5, 0.01, 12, 37.8, 51.5, 64, 80].enumerated() {
            let start = Coordinate(latitude: latitude, longitude: -170 + 37 * Double(index))
            let fixes = Self.walk(from: start, steps: 1_000, seed: UInt64(10 + index))
            let secret = Coarsener.Secret(k0: UInt64(index), k1: 0x5eed)
            var walker = Coarsener(secret: secret, configuration: .init(maximumFixesPerHour: 60))
            for fix in fixes {
                guard let coarse = walker.coarsen(fix) else { continue }
                distances.append(coarse.coordinate.distance(to: fix.coordinate))
                if try #require(walker.cell) != walker.grid.cell(for: fix.coordinate) { fromMargin += 1 }
            }
        }
        distances.sort()
        #expect(distances.count == 20_000)
        #expect(fromMargin >= 500)
        #expect(try #require(distances.first) >= 1_000)
        #expect(try #require(distances.last) <= 9_000)
        // The privacy harness's utility goal: a median under 5 km (whereabouts-bench privacy).
        #expect((3_000...5_000).contains(distances[distances.count / 2]))
    }

    @Test func theFarCornersOfTheHysteresisMarginStayOneKilometreAway() throws {
        var generator = Generator(seed: 7)
        for _ in 0..<500 {
            var coarsener = Coarsener(secret: .init(k0: generator.next(), k1: generator.next()))
            var coordinate = Self.randomCoordinate(using: &generator)
            coordinate.longitude = min(max(coordinate.longitude, -170), 170)
            let (grid, cell) = (coarsener.grid, coarsener.grid.cell(for: coordinate))
            let (south, north) = grid.latitudes(ofRow: cell.row)
            let west = (Double(cell.column) - cell.offset) * cell.width - 180
            let margin = grid.margin * 0.999
            let centre = Coordinate(latitude: (south + north) / 2, longitude: west + cell.width / 2)
            let first = coarsener.coarsen(Location(coordinate: centre, horizontalAccuracy: 5, timestamp: .distantPast))
            let point = try #require(first).coordinate
            for (index, (latitude, longitude)) in [
                (south - margin * grid.height, west - margin * cell.width),
                (south - margin * grid.height, west + (1 + margin) * cell.width),
                (north + margin * grid.height, west - margin * cell.width),
                (north + margin * grid.height, west + (1 + margin) * cell.width),
            ].enumerated() {
                let corner = Coordinate(latitude: latitude, longitude: longitude)
                let time = Date.distantPast + 900 * Double(index + 1)
                let output = coarsener.coarsen(Location(coordinate: corner, horizontalAccuracy: 5, timestamp: time))
                #expect(try #require(output).coordinate == point)
                #expect(point.distance(to: corner) >= 1_000)
            }
        }
    }

    @Test func averagingAPersonStandingStillDoesNotFindThem() {
        var generator = Generator(seed: 4)
        for _ in 0..<5 {
            let truth = Self.randomCoordinate(using: &generator)
            var coarsener = Coarsener(secret: .init(k0: generator.next(), k1: generator.next()))
            let outputs = Self.standingStill(at: truth, using: &generator).compactMap { coarsener.coarsen($0) }
            #expect(outputs.count >= 600)
            let errors = outputs.map { $0.coordinate.distance(to: truth) }.sorted()
            let mean = Coordinate(
                latitude: outputs.map(\.coordinate.latitude).reduce(0, +) / Double(outputs.count),
                longitude: outputs.map(\.coordinate.longitude).reduce(0, +) / Double(outputs.count)
            )
            #expect(mean.distance(to: truth) >= errors[errors.count / 2] - 0.001)
        }
    }

    @Test func aPersonStandingOnACellEdgeDoesNotFlap() {
        var generator = Generator(seed: 5)
        for _ in 0..<5 {
            var coarsener = Coarsener(secret: .init(k0: generator.next(), k1: generator.next()))
            let cell = coarsener.grid.cell(for: Self.randomCoordinate(using: &generator))
            let south = coarsener.grid.latitudes(ofRow: cell.row).south
            let west = (Double(cell.column) - cell.offset) * cell.width - 180
            for edge in [
                Coordinate(latitude: south, longitude: west + cell.width / 2),  // a row edge
                Coordinate(latitude: south + coarsener.grid.height / 2, longitude: west),  // a column edge
                Coordinate(latitude: south, longitude: west),  // a corner
            ] {
                coarsener.reset()
                let outputs = Self.standingStill(at: edge, using: &generator).compactMap { coarsener.coarsen($0) }
                #expect(Set(outputs.map(\.coordinate)).count <= 1)
                #expect(!outputs.isEmpty)
            }
        }
    }

    @Test func atMostFourFixesAnHourComeOut() throws {
        var coarsener = Coarsener(secret: .random())
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let coordinate = Coordinate(latitude: -33.86, longitude: 151.21)
        var times: [Double] = []
        for second in 0..<7_200 {
            let fix = Location(coordinate: coordinate, horizontalAccuracy: 5, timestamp: start + Double(second))
            if coarsener.coarsen(fix) != nil { times.append(Double(second)) }
        }
        #expect(try #require(times.first) == 0)
        #expect(times.filter { $0 < 3_600 }.count <= 4)
        #expect(times.filter { $0 >= 3_600 }.count <= 4)
        for time in times {
            #expect(times.filter { (time..<time + 3_600).contains($0) }.count <= 4)
        }
        #expect(times.count == 8)
        coarsener.reset()
        #expect(coarsener.current == nil)
        let again = Location(coordinate: coordinate, horizontalAccuracy: 5, timestamp: start + 7_200)
        let output = coarsener.coarsen(again)
        #expect(output != nil)
    }

    @Test func altitudeSpeedAndCourseAreWithheld() throws {
        var coarsener = Coarsener(secret: .random())
        let precise = Location(
            coordinate: Coordinate(latitude: 40.7484, longitude: -73.9857),
            altitude: 443,
            horizontalAccuracy: 5,
            verticalAccuracy: 3,
            speed: 1.4,
            course: 90,
            timestamp: Date(timeIntervalSince1970: 0)
        )
        let output = coarsener.coarsen(precise)
        let coarse = try #require(output)
        #expect(coarse.altitude == nil && coarse.verticalAccuracy == nil)
        #expect(coarse.speed == nil && coarse.course == nil)
        #expect(coarse.timestamp == precise.timestamp)
        #expect(coarse.horizontalAccuracy == coarsener.horizontalAccuracy)
        #expect(coarse.horizontalAccuracy >= precise.horizontalAccuracy)
        #expect(coarsener.current == coarse)
        var poor = precise
        (poor.horizontalAccuracy, poor.timestamp) = (50_000, Date(timeIntervalSince1970: 3_600))
        let poorOutput = coarsener.coarsen(poor)
        #expect(try #require(poorOutput).horizontalAccuracy == 50_000)
    }

    @Test func horizontalAccuracyHoldsTheTruthSixtyEightPercentOfTheTime() {
        var generator = Generator(seed: 6)
        var inside = 0
        let accuracy = Coarsener(secret: .random()).horizontalAccuracy
        for _ in 0..<500 {
            let coarsener = Coarsener(secret: .init(k0: generator.next(), k1: generator.next()))
            #expect(coarsener.horizontalAccuracy == accuracy)
            for _ in 0..<40 {
                var fresh = coarsener
                let truth = Self.randomCoordinate(using: &generator)
                let fix = Location(coordinate: truth, horizontalAccuracy: 5, timestamp: Date(timeIntervalSince1970: 0))
                guard let coarse = fresh.coarsen(fix) else { continue }
                if coarse.coordinate.distance(to: truth) <= coarse.horizontalAccuracy { inside += 1 }
            }
        }
        #expect(abs(Double(inside) / 20_000 - 0.68) <= 0.05)
    }

    @Test func theDefaultAccuracyIsTheDocumentedFiveKilometres() {
        // The tuned defaults (whereabouts-bench privacy) and the figure their doc comments give.
        let coarsener = Coarsener(secret: .random())
        #expect((5_165...5_175).contains(coarsener.horizontalAccuracy))
        let wider = Coarsener(secret: .random(), configuration: .init(offsetSpread: 3_000))
        #expect(wider.horizontalAccuracy > coarsener.horizontalAccuracy + 500)
    }

    @Test func theSecretRoundTripsThroughHexAndCodableAndIsNeverPrinted() throws {
        let secret = Coarsener.Secret.random()
        #expect(Coarsener.Secret(hex: secret.hex) == secret)
        #expect(Coarsener.Secret(hex: secret.hex.uppercased()) == secret)
        #expect(secret.hex.count == 32)
        #expect(!secret.description.contains(secret.hex))
        #expect(!"\(secret)".contains(String(secret.k0, radix: 16)))
        let paper = try #require(Coarsener.Secret(hex: "000102030405060708090a0b0c0d0e0f"))
        #expect(paper == Coarsener.Secret(k0: 0x0706_0504_0302_0100, k1: 0x0f0e_0d0c_0b0a_0908))
        #expect(paper.hex == "000102030405060708090a0b0c0d0e0f")
        for bad in ["", "00", String(repeating: "g", count: 32), "+" + String(repeating: "0", count: 31)] {
            #expect(Coarsener.Secret(hex: bad) == nil)
        }
        let data = try JSONEncoder().encode([secret])
        #expect(try JSONDecoder().decode([Coarsener.Secret].self, from: data) == [secret])
    }
}

extension CoarsenerTests {
    typealias Generator = SplitMix64

    static let metresPerDegree = Coordinate.earthRadius * .pi / 180

    /// A coordinate between 85° S and 85° N, anywhere in longitude.
    static func randomCoordinate(using generator: inout Generator) -> Coordinate {
        Coordinate(
            latitude: Double.random(in: -85...85, using: &generator),
            longitude: Double.random(in: -180..<180, using: &generator)
        )
    }

    /// `coordinate` moved `east` and `north` metres.
    static func moved(_ coordinate: Coordinate, east: Double, north: Double) -> Coordinate {
        let latitude = coordinate.latitude + north / metresPerDegree
        let longitude = coordinate.longitude + east / (metresPerDegree * cos(latitude * .pi / 180))
        return Coordinate(latitude: latitude, longitude: longitude - 360 * (longitude / 360).rounded())
    }

    /// 10,000 fixes a minute apart of a person standing at `truth`, with 10 m of GPS noise.
    static func standingStill(at truth: Coordinate, using generator: inout Generator) -> [Location] {
        (0..<10_000).map { minute in
            let noisy = moved(truth, east: 10 * generator.gaussian(), north: 10 * generator.gaussian())
            let timestamp = Date(timeIntervalSince1970: 60 * Double(minute))
            return Location(coordinate: noisy, horizontalAccuracy: 10, timestamp: timestamp)
        }
    }

    /// Fixes a minute apart of a person walking 150 m a minute, turning at random.
    static func walk(from start: Coordinate, steps: Int, seed: UInt64) -> [Location] {
        var generator = Generator(seed: seed)
        var (position, heading) = (start, Double.random(in: 0..<(2 * .pi), using: &generator))
        return (0..<steps).map { minute in
            heading += 0.3 * generator.gaussian()
            position = moved(position, east: 150 * sin(heading), north: 150 * cos(heading))
            let timestamp = Date(timeIntervalSince1970: 60 * Double(minute))
            return Location(coordinate: position, horizontalAccuracy: 5, timestamp: timestamp)
        }
    }
}

extension SplitMix64 {
    /// A standard normal sample (Box–Muller).
    mutating func gaussian() -> Double {
        let u = Double.random(in: .ulpOfOne..<1, using: &self)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * Double.random(in: 0..<1, using: &self))
    }
}
