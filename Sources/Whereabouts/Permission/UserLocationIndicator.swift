/// How to draw the user on a map: a precise dot with a bearing, an approximate circle, or nothing.
///
/// Under reduced accuracy there is no dot and no bearing: a shaded circle whose radius is the
/// coarse fix's `horizontalAccuracy` (as Apple Maps and Mapbox's puck draw it).
///
/// ```swift
/// switch UserLocationIndicator(authorization: auth, location: fix, heading: nil, bearingSource: .course) {
/// case .precise(let at, let bearing): drawDot(at, arrow: bearing)
/// case .approximate(let center, let radius): drawCircle(center, radius)
/// case .hidden: break
/// }
/// ```
///
/// ## When the authorization and the location disagree
///
/// A location is *approximate* when its `horizontalAccuracy` is at least
/// ``approximateAccuracyThreshold`` (1,000 m), and *precise* below it. Approximate fixes always are:
/// the ``Coarsener``'s carry at least its ``Coarsener/horizontalAccuracy`` (about 5.2 km by default), and
/// iOS's are kilometres wide. The indicator never draws more than the authorization allows, nor claims more
/// than the location knows:
///
/// - Reduced accuracy and a precise location (one received before Precise was turned off, say) draw
///   ``hidden``: a circle of a few metres would show the precise position as "approximate". The indicator
///   shows again when an approximate fix arrives.
/// - Full accuracy and an approximate location (one received while accuracy was reduced, or a poor fix)
///   draw ``approximate(_:radius:)`` with the location's accuracy, not a precise dot: the dot would claim a
///   precision the fix does not have.
public enum UserLocationIndicator: Hashable, Sendable {
    /// Where the bearing arrow points from, as Mapbox's `PuckBearing` offers.
    public enum BearingSource: String, Hashable, Sendable, CaseIterable {
        /// The compass: where the device points.
        case heading
        /// The direction of travel.
        case course
    }

    /// Nothing to draw: not authorized, no location yet, or a precise location under reduced accuracy.
    ///
    /// Named so that `indicator == .hidden` never reads as a comparison with `nil` on an optional indicator.
    case hidden
    /// A precise dot, with a bearing in degrees from true north when one is known.
    case precise(Coordinate, bearing: Double?)
    /// An approximate circle: its centre and radius in metres.
    case approximate(Coordinate, radius: Double)

    /// The `horizontalAccuracy`, in metres, from which a location counts as approximate: 1,000 m
    /// (Core Location's `kCLLocationAccuracyKilometer`).
    ///
    /// Below it a location is precise: it is drawn as a dot under full accuracy, and not at all under
    /// reduced accuracy. At or above it a location is drawn as a circle of its accuracy, whatever the
    /// authorization.
    public static let approximateAccuracyThreshold = 1_000.0

    /// Decides how to draw the user.
    ///
    /// Not authorized, or no location: ``hidden``. Under reduced accuracy, an approximate location draws a
    /// circle and a precise one draws ``hidden``; under full accuracy, a precise location draws a dot with a
    /// bearing and an approximate one a circle (see ``approximateAccuracyThreshold``).
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
            self = .hidden
            return
        }
        let isApproximate = location.horizontalAccuracy >= Self.approximateAccuracyThreshold
        if isApproximate {
            self = .approximate(location.coordinate, radius: location.horizontalAccuracy)
            return
        }
        guard authorization.accuracy == .fullAccuracy else {
            // A precise location under reduced accuracy: drawing it, even as a small circle, would show more
            // than the authorization allows.
            self = .hidden
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
