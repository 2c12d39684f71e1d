import Foundation
import Whereabouts

/// A fence's own plane: the azimuthal equidistant projection centred on the fence, in east-north metres.
///
/// In this plane a point's distance from the origin is its great-circle distance from the fence's centre, so a fix's
/// inside-or-outside is exactly what ``Whereabouts/Region/contains(_:)`` measures, whatever the fence's size; between
/// two fixes the person is taken to move in a straight line in the plane.
struct FencePlane {
    let center: Coordinate
    private let sinLatitude: Double
    private let cosLatitude: Double

    init(center: Coordinate) {
        self.center = center
        let latitude = center.latitude * .pi / 180
        sinLatitude = sin(latitude)
        cosLatitude = cos(latitude)
    }

    /// The great-circle distance from the centre, in metres.
    func distance(to coordinate: Coordinate) -> Double {
        center.distance(to: coordinate, cosineOfLatitude: cosLatitude)
    }

    /// A coordinate's point in the plane, given its ``distance(to:)``.
    func point(_ coordinate: Coordinate, distance: Double) -> SIMD2<Double> {
        let latitude = coordinate.latitude * .pi / 180
        let deltaLongitude = (coordinate.longitude - center.longitude) * .pi / 180
        let bearing = atan2(
            sin(deltaLongitude) * cos(latitude),
            cosLatitude * sin(latitude) - sinLatitude * cos(latitude) * cos(deltaLongitude)
        )
        return SIMD2(distance * sin(bearing), distance * cos(bearing))
    }

    /// Where, as fractions 0…1 of the segment from `start` to `end`, the person enters and leaves the disc of
    /// radius `level` around the origin; `nil` for a transition that does not happen on the segment.
    ///
    /// The disc is open (`distance < level`) or closed (`distance <= level`). Whether each end is inside is decided
    /// from the ends' distances alone, so consecutive segments agree on the fix they share; the quadratic only times
    /// the transitions. The distance along a segment is convex, so a segment enters and leaves at most once each, and
    /// a segment that only touches an open disc's edge neither enters nor leaves it.
    ///
    /// - Parameters:
    ///   - start: The segment's first point.
    ///   - end: The segment's last point.
    ///   - distances: The distances of `start` and `end` from the origin.
    ///   - level: The disc's radius in metres.
    ///   - closed: Whether the edge belongs to the disc.
    /// - Returns: The fractions at which the person enters and leaves the disc.
    static func transitions(
        from start: SIMD2<Double>,
        to end: SIMD2<Double>,
        distances: (Double, Double),
        level: Double,
        closed: Bool
    ) -> (entered: Double?, left: Double?) {
        guard level > 0 || (closed && level == 0) else { return (nil, nil) }
        let startInside = closed ? distances.0 <= level : distances.0 < level
        let endInside = closed ? distances.1 <= level : distances.1 < level
        let direction = end - start
        let a = (direction * direction).sum()
        let b = 2 * (start * direction).sum()
        let c = distances.0 * distances.0 - level * level
        let roots = Self.roots(a, b, c)
        switch (startInside, endInside) {
        case (true, true):
            return (nil, nil)
        case (true, false):
            return (nil, clamp(roots?.1 ?? 1))
        case (false, true):
            return (clamp(roots?.0 ?? 0), nil)
        case (false, false):
            guard a > 0 else { return (nil, nil) }
            let nearest = -b / (2 * a)
            guard nearest > 0, nearest < 1 else { return (nil, nil) }
            let excess = c + b * nearest + a * nearest * nearest
            guard closed ? excess <= 0 : excess < 0 else { return (nil, nil) }
            guard let roots else { return (nearest, nearest) }
            return (clamp(roots.0), clamp(roots.1))
        }
    }

    /// The real roots of `a s² + b s + c`, smaller first (computed without cancellation), or `nil`.
    private static func roots(_ a: Double, _ b: Double, _ c: Double) -> (Double, Double)? {
        guard a > 0 else { return nil }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return nil }
        let root = discriminant.squareRoot()
        let q = -0.5 * (b + (b >= 0 ? root : -root))
        guard q != 0 else { return (-b / (2 * a), -b / (2 * a)) }
        let first = q / a
        let second = c / q
        return (min(first, second), max(first, second))
    }

    private static func clamp(_ fraction: Double) -> Double {
        min(1, max(0, fraction))
    }
}
