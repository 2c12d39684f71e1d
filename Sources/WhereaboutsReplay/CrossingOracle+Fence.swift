import Foundation
import Whereabouts

extension CrossingOracle {
    /// What happens on a segment, at a fraction of it, in the order handled at the same fraction: a boundary
    /// crossing first, so a crossing that goes past the hysteresis at once takes its own instant.
    private enum Mark: Int, Comparable {
        case boundaryEntered, boundaryLeft, wentIn, wentOut

        static func < (lhs: Mark, rhs: Mark) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The crossings of one fence, in time order.
    func crossings(of fence: Geofence, along fixes: [Location], lengths: [Double]) -> [Crossing] {
        let plane = FencePlane(center: fence.center)
        let radius = fence.radius
        var crossings: [Crossing] = []
        var distance = plane.distance(to: fixes[0].coordinate)
        var inside = distance < radius
        // The instant of the last boundary crossing in the direction the state would change.
        var boundary: (date: Date, coordinate: Coordinate)?
        for index in 1..<fixes.count {
            let start = fixes[index - 1]
            let end = fixes[index]
            let nextDistance = plane.distance(to: end.coordinate)
            defer { distance = nextDistance }
            if let maximumGap, end.timestamp.timeIntervalSince(start.timestamp) > maximumGap {
                // A pause in the recording: the path is unknown; the state changes at the fix that shows it.
                boundary = nil
                let changed = inside ? nextDistance >= radius + hysteresis : nextDistance < radius - hysteresis
                guard changed else { continue }
                crossings.append(
                    Crossing(
                        fenceID: fence.id,
                        transition: inside ? .exited : .entered,
                        date: end.timestamp,
                        coordinate: end.coordinate
                    )
                )
                inside.toggle()
                continue
            }
            // The nearest the segment can come to the centre (with room for the plane's distortion): a segment that
            // stays beyond every level changes nothing.
            let nearest = (distance + nextDistance - lengths[index - 1]) / 2 - 0.01 * (distance + nextDistance) - 1
            guard nearest <= radius + hysteresis else { continue }
            let from = plane.point(start.coordinate, distance: distance)
            let to = plane.point(end.coordinate, distance: nextDistance)
            let distances = (distance, nextDistance)
            let onBoundary = FencePlane.transitions(
                from: from,
                to: to,
                distances: distances,
                level: radius,
                closed: false
            )
            let inner = FencePlane.transitions(
                from: from,
                to: to,
                distances: distances,
                level: radius - hysteresis,
                closed: false
            )
            let outer = FencePlane.transitions(
                from: from,
                to: to,
                distances: distances,
                level: radius + hysteresis,
                closed: true
            )
            var marks: [(fraction: Double, mark: Mark)] = []
            if let fraction = onBoundary.entered { marks.append((fraction, .boundaryEntered)) }
            if let fraction = onBoundary.left { marks.append((fraction, .boundaryLeft)) }
            if let fraction = inner.entered { marks.append((fraction, .wentIn)) }
            if let fraction = outer.left { marks.append((fraction, .wentOut)) }
            marks.sort { ($0.fraction, $0.mark) < ($1.fraction, $1.mark) }
            for (fraction, mark) in marks {
                let here = { Self.interpolate(from: start, to: end, at: fraction) }
                switch (inside, mark) {
                case (false, .boundaryEntered), (true, .boundaryLeft):
                    boundary = here()
                case (false, .boundaryLeft), (true, .boundaryEntered):
                    boundary = nil
                case (false, .wentIn), (true, .wentOut):
                    let at = boundary ?? here()
                    crossings.append(
                        Crossing(
                            fenceID: fence.id,
                            transition: inside ? .exited : .entered,
                            date: at.date,
                            coordinate: at.coordinate
                        )
                    )
                    inside.toggle()
                    boundary = nil
                case (true, .wentIn), (false, .wentOut):
                    break
                }
            }
        }
        return crossings
    }

    /// The instant and place a fraction of the way from one fix to the next, moving steadily.
    private static func interpolate(
        from start: Location,
        to end: Location,
        at fraction: Double
    )
        -> (date: Date, coordinate: Coordinate)
    {
        let seconds = end.timestamp.timeIntervalSince(start.timestamp)
        var longitudeStep = end.coordinate.longitude - start.coordinate.longitude
        if longitudeStep > 180 { longitudeStep -= 360 }
        if longitudeStep < -180 { longitudeStep += 360 }
        var longitude = start.coordinate.longitude + fraction * longitudeStep
        if longitude > 180 { longitude -= 360 }
        if longitude < -180 { longitude += 360 }
        let latitude = start.coordinate.latitude + fraction * (end.coordinate.latitude - start.coordinate.latitude)
        return (
            start.timestamp.addingTimeInterval(fraction * seconds),
            Coordinate(latitude: latitude, longitude: longitude)
        )
    }
}
