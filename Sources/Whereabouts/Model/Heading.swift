public import Foundation

/// The direction the device points, as Core Location's `CLHeading` gives it.
///
/// Used for the bearing of a ``UserLocationIndicator`` when it follows the heading.
public struct Heading: Hashable, Sendable, Codable {
    /// Degrees clockwise from magnetic north, 0…360.
    public var magneticHeading: Double
    /// Degrees clockwise from true north, 0…360, when known.
    public var trueHeading: Double?
    /// Maximum error in degrees of the heading.
    public var headingAccuracy: Double
    /// When the heading was measured.
    public var timestamp: Date

    /// Creates a heading.
    ///
    /// - Parameters:
    ///   - magneticHeading: Degrees clockwise from magnetic north.
    ///   - trueHeading: Degrees clockwise from true north.
    ///   - headingAccuracy: Maximum error in degrees.
    ///   - timestamp: When it was measured.
    public init(magneticHeading: Double, trueHeading: Double? = nil, headingAccuracy: Double, timestamp: Date) {
        self.magneticHeading = magneticHeading
        self.trueHeading = trueHeading
        self.headingAccuracy = headingAccuracy
        self.timestamp = timestamp
    }
}
