import Foundation
import Whereabouts
import WhereaboutsReplay

/// What the harness needs of a way of making approximate fixes.
protocol CoarseningAlgorithm {
    /// Coarsens one precise fix; nil while its rate limit holds.
    mutating func coarsen(_ fix: Location) -> Location?
    /// The horizontal accuracy every coarse fix must carry at least.
    var grantedAccuracy: Double { get }
    /// The least distance it promises between a coarse point and the truth, if it promises one.
    var minimumDistance: Double? { get }
}

extension Coarsener: CoarseningAlgorithm {
    var grantedAccuracy: Double { horizontalAccuracy }
    var minimumDistance: Double? { configuration.minimumDistance }
}

/// The privacy benchmark's seeded draws: the bits of the shared ``SplitMix64``, turned into numbers by the standard
/// library's `random(in:using:)` as they were when the published privacy figures were measured (the shared
/// generator's own `uniform` and `gaussian` use other arithmetic, and would move those figures).
struct SplitMix: RandomNumberGenerator {
    private var bits: SplitMix64

    init(seed: UInt64) { bits = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { bits.next() }

    /// A standard normal sample (Box–Muller).
    mutating func gaussian() -> Double {
        let u = Double.random(in: .ulpOfOne..<1, using: &self)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * Double.random(in: 0..<1, using: &self))
    }

    /// A uniform sample in a range.
    mutating func uniform(_ range: Range<Double>) -> Double { Double.random(in: range, using: &self) }
}

/// One sample of a simulated person: the truth and the precise fix a GPS reports for it.
struct Sample {
    var truth: Coordinate
    var fix: Location
}

/// The generated people and their days, from fixed seeds.
enum PrivacyWorld {
    static let metresPerDegree = Coordinate.earthRadius * .pi / 180
    /// Fixes come once a minute, for 30 days.
    static let days = 30
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00 UTC

    /// `coordinate` moved `east` and `north` metres (flat approximation, fine over tens of kilometres).
    static func moved(_ coordinate: Coordinate, east: Double, north: Double) -> Coordinate {
        let latitude = coordinate.latitude + north / metresPerDegree
        let longitude = coordinate.longitude + east / (metresPerDegree * cos(latitude * .pi / 180))
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A place people live: between 60° S and 60° N, away from the antimeridian.
    static func place(using generator: inout SplitMix) -> Coordinate {
        Coordinate(latitude: generator.uniform(-60..<60), longitude: generator.uniform(-170..<170))
    }

    /// A precise fix of `truth` with 10 m of GPS noise and every optional field set, so leaks show.
    static func fix(
        of truth: Coordinate,
        at time: Date,
        speed: Double,
        course: Double,
        using generator: inout SplitMix
    )
        -> Location
    {
        Location(
            coordinate: moved(truth, east: 10 * generator.gaussian(), north: 10 * generator.gaussian()),
            altitude: 35 + generator.gaussian(),
            horizontalAccuracy: 10,
            verticalAccuracy: 15,
            speed: speed,
            course: course,
            timestamp: time
        )
    }

    /// A person standing still at `truth` for 30 days, one fix a minute.
    static func standingStill(at truth: Coordinate, seed: UInt64) -> [Sample] {
        var generator = SplitMix(seed: seed)
        return (0..<(days * 1_440)).map { minute in
            let time = start + 60 * Double(minute)
            return Sample(truth: truth, fix: fix(of: truth, at: time, speed: 0, course: 0, using: &generator))
        }
    }

    /// A commuter: home, work a few kilometres away, how they travel.
    struct Commuter {
        var home: Coordinate
        /// Unit vector (east, north) of the first leg, and the second leg's after a turn at the middle.
        var firstLeg: (east: Double, north: Double)
        var secondLeg: (east: Double, north: Double)
        var distance: Double
        var speed: Double

        /// Half walk 4–6 km at 1.4 m/s, half cycle 8–14 km at 4.5 m/s; the route turns once, at its middle.
        init(using generator: inout SplitMix) {
            home = PrivacyWorld.place(using: &generator)
            let bearing = generator.uniform(0..<(2 * .pi))
            let turn = generator.uniform(-0.6..<0.6)
            firstLeg = (sin(bearing), cos(bearing))
            secondLeg = (sin(bearing + turn), cos(bearing + turn))
            let cycles = generator.next() & 1 == 1
            distance = cycles ? generator.uniform(8_000..<14_000) : generator.uniform(4_000..<6_000)
            speed = cycles ? 4.5 : 1.4
        }

        /// Where the route is after `metres` along it, moved `aside` metres to its left.
        func position(after metres: Double, aside: Double) -> Coordinate {
            let half = distance / 2
            let first = min(metres, half)
            let second = max(0, metres - half)
            let leg = metres < half ? firstLeg : secondLeg
            let east = first * firstLeg.east + second * secondLeg.east - aside * leg.north
            let north = first * firstLeg.north + second * secondLeg.north + aside * leg.east
            return PrivacyWorld.moved(home, east: east, north: north)
        }
    }

    /// 30 days of a commute, one fix a minute: out around 07:30 and back around 17:30 (σ 10 minutes), the
    /// speed varying ±10 % a day and the path ±30 m sideways; home and work otherwise.
    static func commute(_ commuter: Commuter, seed: UInt64) -> [Sample] {
        var generator = SplitMix(seed: seed)
        var samples: [Sample] = []
        samples.reserveCapacity(days * 1_440)
        for day in 0..<days {
            let leave = 450 + 10 * generator.gaussian()
            let back = 1_050 + 10 * generator.gaussian()
            let speed = commuter.speed * (1 + 0.1 * generator.gaussian())
            let aside = 30 * generator.gaussian()
            let minutes = commuter.distance / speed / 60
            for minute in 0..<1_440 {
                let now = Double(minute)
                var along = 0.0
                var moving = false
                if now >= back + minutes {
                    along = 0
                } else if now >= back {
                    (along, moving) = (commuter.distance - (now - back) * 60 * speed, true)
                } else if now >= leave + minutes {
                    along = commuter.distance
                } else if now >= leave {
                    (along, moving) = ((now - leave) * 60 * speed, true)
                }
                let truth = commuter.position(after: along, aside: moving ? aside : 0)
                let time = start + Double(day * 86_400 + minute * 60)
                let fix = fix(of: truth, at: time, speed: moving ? speed : 0, course: 90, using: &generator)
                samples.append(Sample(truth: truth, fix: fix))
            }
        }
        return samples
    }
}
