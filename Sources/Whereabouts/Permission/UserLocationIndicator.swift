/// How to draw the user on a map: a precise dot with a bearing, an approximate circle, or nothing.
///
/// Under reduced accuracy there is no dot and no bearing: a shaded circle whose radius is the
/// coarse fix's `horizontalAccuracy` (as Apple Maps and Mapbox's puck draw it).
///
/// ```swift
/// switch UserLocationIndicator(authorization: auth, location: fix, heading: nil, bearingSource: .course) {
/// case .precise(let at, let bearing): drawDot(at, arrow: bearing)
/// case .approximate(let center, let radius): drawCircle(center, radius)
/// case .none: break
/// }
/// ```
public enum UserLocationIndicator: Hashable, Sendable {
    /// Where the bearing arrow points from, as Mapbox's `PuckBearing` offers.
    public enum BearingSource: String, Hashable, Sendable, CaseIterable {
        /// The compass: where the device points.
        case heading
        /// The direction of travel.
        case course
    }

    /// Nothing to draw: not authorized, or no location yet.
    case none
    /// A precise dot, with a bearing in degrees from true north when one is known.
    case precise(Coordinate, bearing: Double?)
    /// An approximate circle: its centre and radius in metres.
    case approximate(Coordinate, radius: Double)

    /// Decides how to draw the user.
    ///
    /// - Parameters:
    ///   - authorization: The app's authorization.
    ///   - location: The last location the app received, if any.
    ///   - heading: The last heading, if any.
    ///   - bearingSource: Whether the arrow follows the heading or the course.
    public init(
        authorization: Authorization?,
        location: Location?,
        heading: Heading? = nil,
        bearingSource: BearingSource = .heading
    ) {
        guard let authorization, authorization.status.isAuthorized, let location else {
            self = .none
            return
        }
        guard authorization.accuracy == .fullAccuracy else {
            self = .approximate(location.coordinate, radius: location.horizontalAccuracy)
            return
        }
        let bearing: Double? =
            switch bearingSource {
            case .heading: heading.map { $0.trueHeading ?? $0.magneticHeading }
            case .course: location.course.flatMap { $0 >= 0 ? $0 : nil }
            }
        self = .precise(location.coordinate, bearing: bearing)
    }
}
