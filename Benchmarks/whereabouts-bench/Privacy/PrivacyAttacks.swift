import Foundation
import Whereabouts

/// The attacks of the privacy harness, each run as a strong attacker: one who knows the algorithm and its
/// parameters (not its secret or random draws). The harness runs every estimator listed here and keeps,
/// per algorithm, the one with the smallest median error: an attacker finds the same choice by simulating
/// people of its own, since it knows the algorithm.
enum PrivacyAttack {
    /// An attacker's rule: from what the app saw, where the person is.
    struct Estimator<Input>: Sendable {
        var name: String
        var estimate: @Sendable (Input) -> Coordinate
    }

    /// The outcome for one algorithm: the best estimator's name and its errors in metres.
    struct Outcome {
        var estimator: String
        var errors: Samples
    }

    /// Runs every estimator on every case and keeps the one with the smallest median error.
    static func strongest<Input>(_ estimators: [Estimator<Input>], on cases: [(Input, Coordinate)]) -> Outcome {
        let outcomes = estimators.map { estimator in
            Outcome(
                estimator: estimator.name,
                errors: Samples(cases.map { estimator.estimate($0.0).distance(to: $0.1) })
            )
        }
        return outcomes.min { $0.errors.median < $1.errors.median }!
    }

    // MARK: Averaging

    /// Estimators for a person standing still, from every coarse fix of 30 days.
    static let averaging: [Estimator<[Coordinate]>] = [
        Estimator(name: "mean of the fixes") { mean($0) },
        Estimator(name: "most frequent fix") { points in
            let counts = Dictionary(points.map { ($0, 1) }, uniquingKeysWith: +)
            return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key.latitude < $1.key.latitude) }!
                .key
        },
        Estimator(name: "median latitude and longitude") { points in
            let latitudes = Samples(points.map(\.latitude))
            let longitudes = Samples(points.map(\.longitude))
            return Coordinate(latitude: latitudes.median, longitude: longitudes.median)
        },
    ]

    // MARK: Boundary

    /// A change of the coarse fix: the fix before, the fix after, when, and the other changes of the same trip.
    struct Change {
        var before: Coordinate
        var after: Coordinate
        var time: Double
        /// The midpoints and times of every change of the trip (this one included), for fitting a path.
        var trip: [(time: Double, midpoint: Coordinate)]
        /// The fix after the trip's next change, if there is one (the attacker reads the whole record).
        var next: Coordinate?
    }

    /// Estimators of where the person is at a change, from the two fixes and the trip's other changes.
    static var boundary: [Estimator<Change>] {
        var estimators: [Estimator<Change>] = [
            Estimator(name: "edge between the two fixes") { midpoint($0.before, $0.after) },
            Estimator(name: "the new fix") { $0.after },
            Estimator(name: "the old fix") { $0.before },
            Estimator(name: "straight path fitted to the trip's changes") { change in
                fitted(change.trip, at: change.time) ?? midpoint(change.before, change.after)
            },
        ]
        for metres in [250.0, 500, 1_000, 2_000, 3_000, 4_000] {
            estimators.append(
                Estimator(name: "edge, \(Int(metres)) m on toward the new fix") { change in
                    onward(midpoint(change.before, change.after), metres, change)
                }
            )
        }
        // Against a switch that waits past the edge: the new fix moved on by what the wait adds on average.
        for metres in [1_000.0, 2_000, 3_000, 4_000] {
            estimators.append(
                Estimator(name: "the new fix, \(Int(metres)) m on") { change in onward(change.after, metres, change) }
            )
        }
        // Against a switch that lags the person: where the trip's record goes next.
        estimators += [
            Estimator(name: "the next fix") { $0.next ?? $0.after },
            Estimator(name: "edge between the new fix and the next") { change in
                change.next.map { midpoint(change.after, $0) } ?? change.after
            },
            Estimator(name: "a quarter of the way from the new fix to the next") { change in
                change.next.map { mean([change.after, change.after, change.after, $0]) } ?? change.after
            },
        ]
        return estimators
    }

    /// Every change of the coarse fix in a delivered sequence, with the truth at that moment, grouped by trip
    /// (a trip ends at a gap of 3 hours without a change).
    static func changes(_ delivered: [Delivery]) -> [(Change, Coordinate)] {
        var trips: [[(Change, Coordinate)]] = []
        var current: [(Change, Coordinate)] = []
        for (previous, next) in zip(delivered, delivered.dropFirst())
        where previous.coarse.coordinate != next.coarse.coordinate {
            let time = next.coarse.timestamp.timeIntervalSince(PrivacyWorld.start)
            if let last = current.last, time - last.0.time > 3 * 3_600 {
                trips.append(current)
                current = []
            }
            let change = Change(before: previous.coarse.coordinate, after: next.coarse.coordinate, time: time, trip: [])
            current.append((change, next.truth))
        }
        trips.append(current)
        return trips.flatMap { trip in
            let path = trip.map { (time: $0.0.time, midpoint: midpoint($0.0.before, $0.0.after)) }
            return trip.enumerated().map { index, item in
                var (change, truth) = item
                change.trip = path
                change.next = index + 1 < trip.count ? trip[index + 1].0.after : nil
                return (change, truth)
            }
        }
    }

    /// `start` moved `metres` on in the direction from the change's old fix to its new one.
    static func onward(_ start: Coordinate, _ metres: Double, _ change: Change) -> Coordinate {
        let (east, north) = offset(from: change.before, to: change.after)
        let length = max((east * east + north * north).squareRoot(), 1)
        return PrivacyWorld.moved(start, east: metres * east / length, north: metres * north / length)
    }

    // MARK: Home and work

    /// A commuter's coarse fixes by time of day, with where they live and work.
    struct Commute {
        /// Coarse points delivered between 00:00 and 06:00, when the person is at home.
        var night: [Coordinate]
        /// Coarse points delivered between 10:00 and 16:00, when the person is at work.
        var day: [Coordinate]
        var home: Coordinate
        var work: Coordinate

        /// Sorts a commuter's deliveries into night and working hours (the harness's days start at 00:00).
        init(_ delivered: [Delivery], home: Coordinate, work: Coordinate) {
            func hour(_ delivery: Delivery) -> Int {
                Int(
                    delivery.coarse.timestamp.timeIntervalSince(PrivacyWorld.start).truncatingRemainder(
                        dividingBy: 86_400
                    )
                )
                    / 3_600
            }
            night = delivered.filter { hour($0) < 6 }.map(\.coarse.coordinate)
            day = delivered.filter { (10..<16).contains(hour($0)) }.map(\.coarse.coordinate)
            (self.home, self.work) = (home, work)
        }
    }

    /// The home/work attack: each averaging estimator on the night fixes (home) and the working-hours fixes
    /// (work); a person's error is the larger of the two, since the pair is what identifies them. Keeps the
    /// estimator with the smallest median error.
    static func homeWork(_ commutes: [Commute]) -> Outcome {
        let outcomes = averaging.map { estimator in
            Outcome(
                estimator: estimator.name,
                errors: Samples(
                    commutes.map { commute in
                        max(
                            estimator.estimate(commute.night).distance(to: commute.home),
                            estimator.estimate(commute.day).distance(to: commute.work)
                        )
                    }
                )
            )
        }
        return outcomes.min { $0.errors.median < $1.errors.median }!
    }

    // MARK: Geometry

    static func mean(_ points: [Coordinate]) -> Coordinate {
        let count = Double(points.count)
        return Coordinate(
            latitude: points.reduce(0) { $0 + $1.latitude } / count,
            longitude: points.reduce(0) { $0 + $1.longitude } / count
        )
    }

    static func midpoint(_ first: Coordinate, _ second: Coordinate) -> Coordinate {
        mean([first, second])
    }

    /// East and north metres from one point to another (flat approximation).
    static func offset(from start: Coordinate, to end: Coordinate) -> (east: Double, north: Double) {
        let metres = PrivacyWorld.metresPerDegree
        let east = (end.longitude - start.longitude) * metres * cos(start.latitude * .pi / 180)
        return (east, (end.latitude - start.latitude) * metres)
    }

    /// The least-squares straight path through a trip's change midpoints, evaluated at `time`; nil for
    /// fewer than three changes.
    static func fitted(_ trip: [(time: Double, midpoint: Coordinate)], at time: Double) -> Coordinate? {
        guard trip.count >= 3 else { return nil }
        let count = Double(trip.count)
        let meanTime = trip.reduce(0) { $0 + $1.time } / count
        let centre = mean(trip.map(\.midpoint))
        let spread = trip.reduce(0) { $0 + ($1.time - meanTime) * ($1.time - meanTime) }
        guard spread > 0 else { return nil }
        let latitudeSlope = trip.reduce(0) { $0 + ($1.time - meanTime) * ($1.midpoint.latitude - centre.latitude) }
        let longitudeSlope = trip.reduce(0) {
            $0 + ($1.time - meanTime) * ($1.midpoint.longitude - centre.longitude)
        }
        return Coordinate(
            latitude: centre.latitude + latitudeSlope / spread * (time - meanTime),
            longitude: centre.longitude + longitudeSlope / spread * (time - meanTime)
        )
    }
}
