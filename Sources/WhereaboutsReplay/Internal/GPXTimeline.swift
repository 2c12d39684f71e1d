import Foundation
import Whereabouts

/// Gives every point of a GPX segment a time, in order, holding back only the points that wait for one.
///
/// A point with a `<time>` keeps it. Points without one between two timed points of the same
/// segment (a `trkseg`, a `rte`, or the run of waypoints) get times interpolated by the distance
/// travelled along the points, or evenly when the two timed points are at the same place. Points
/// after the last timed point of a segment follow it at ``pace`` (one point a second); points
/// before the first timed one lead to it at that pace; a segment without any time starts one
/// ``pace`` after the last time given out (or at the file's start time) and goes on at that pace.
///
/// A run of untimed points is held until its next timed neighbour arrives, at most
/// ``longestHeldRun`` points: a longer run is given times at the pace and let go, and the next
/// timed point keeps its own time.
struct GPXTimeline {
    /// The time between two points that have no time of their own and no later timed neighbour: 1 s.
    static let pace = 1.0
    /// The most untimed points held back waiting for a timed neighbour.
    static let longestHeldRun = 4096

    /// The time of the first point when nothing earlier has a time (the file's `<time>`, or 2000-01-01).
    var startTime: Double
    /// The last time given out.
    private(set) var lastTime: Double?
    private var held: [Location] = []
    /// The last point with a time in the current segment.
    private var anchor: Location?
    private var ready: [Location] = []
    private var readyIndex = 0

    init(startTime: Double) {
        self.startTime = startTime
    }

    /// The next point whose time is known, or `nil` when none is waiting.
    mutating func nextReady() -> Location? {
        guard readyIndex < ready.count else {
            if !ready.isEmpty {
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
            }
            return nil
        }
        readyIndex += 1
        return ready[readyIndex - 1]
    }

    /// Adds the next point of the segment.
    ///
    /// - Parameters:
    ///   - point: The point; its `timestamp` is replaced.
    ///   - time: Its own time in seconds since 1970, or `nil`.
    /// - Returns: The point with its time when nothing is waiting before it; else `nil`, and the
    ///   points come out of ``nextReady()``.
    mutating func add(_ point: Location, time: Double?) -> Location? {
        guard let time else {
            if held.count >= Self.longestHeldRun { releaseHeld() }
            held.append(point)
            return nil
        }
        var point = point
        point.timestamp = Date(timeIntervalSince1970: time)
        if !held.isEmpty {
            if let anchor { interpolateHeld(from: anchor, to: point) } else { leadHeld(to: point) }
        }
        anchor = point
        lastTime = time
        guard readyIndex >= ready.count else {
            ready.append(point)
            return nil
        }
        return point
    }

    /// Ends the segment: points still waiting follow the last time at the pace.
    mutating func endSegment() {
        if !held.isEmpty { releaseHeld() }
        anchor = nil
    }

    /// Forgets everything (after a thrown issue).
    mutating func discard() {
        held = []
        ready = []
        readyIndex = 0
        anchor = nil
    }

    /// Gives the held points times at the pace after the last time, and lets them go.
    private mutating func releaseHeld() {
        var time = (anchor.map { $0.timestamp.timeIntervalSince1970 } ?? lastTime).map { $0 + Self.pace } ?? startTime
        for var point in held {
            point.timestamp = Date(timeIntervalSince1970: time)
            ready.append(point)
            anchor = point
            lastTime = time
            time += Self.pace
        }
        held.removeAll(keepingCapacity: true)
    }

    /// Gives the held points, the first of their segment, times at the pace that lead to `next`.
    private mutating func leadHeld(to next: Location) {
        let end = next.timestamp.timeIntervalSince1970
        for (index, var point) in held.enumerated() {
            point.timestamp = Date(timeIntervalSince1970: end - Double(held.count - index) * Self.pace)
            ready.append(point)
        }
        held.removeAll(keepingCapacity: true)
    }

    /// Gives the held points times between `previous` and `next`, by distance along them.
    private mutating func interpolateHeld(from previous: Location, to next: Location) {
        let start = previous.timestamp.timeIntervalSince1970
        let span = next.timestamp.timeIntervalSince1970 - start
        var distances: [Double] = []
        distances.reserveCapacity(held.count + 1)
        var total = 0.0
        var last = previous.coordinate
        for point in held + [next] {
            total += Self.distance(last, point.coordinate)
            distances.append(total)
            last = point.coordinate
        }
        for (index, var point) in held.enumerated() {
            let share = total > 0 ? distances[index] / total : Double(index + 1) / Double(held.count + 1)
            point.timestamp = Date(timeIntervalSince1970: start + span * share)
            ready.append(point)
        }
        held.removeAll(keepingCapacity: true)
    }

    /// The great-circle distance in metres (haversine, on a sphere of the Earth's mean radius).
    static func distance(_ from: Coordinate, _ to: Coordinate) -> Double {
        let radians = Double.pi / 180
        let deltaLatitude = (to.latitude - from.latitude) * radians
        let deltaLongitude = (to.longitude - from.longitude) * radians
        let sinLatitude = sin(deltaLatitude / 2)
        let sinLongitude = sin(deltaLongitude / 2)
        let a =
            sinLatitude * sinLatitude
            + cos(from.latitude * radians) * cos(to.latitude * radians) * sinLongitude * sinLongitude
        return 2 * 6_371_008.8 * asin(min(1, a.squareRoot()))
    }
}
