// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
public import Foundation

/// `CLLocation`: neither `@MainActor` nor `Sendable` here (the stricter reading).
open class CLLocation: NSObject {
    /// The coordinate.
    open var coordinate: CLLocationCoordinate2D { fatalError() }
    /// Metres above mean sea level; meaningful only when `verticalAccuracy` is not negative.
    open var altitude: CLLocationDistance { fatalError() }
    /// The radius of uncertainty in metres; negative when the coordinate is invalid.
    open var horizontalAccuracy: CLLocationAccuracy { fatalError() }
    /// The altitude's uncertainty in metres; negative when the altitude is invalid.
    open var verticalAccuracy: CLLocationAccuracy { fatalError() }
    /// Degrees from true north; negative when invalid.
    open var course: CLLocationDirection { fatalError() }
    /// Metres per second; negative when invalid.
    open var speed: CLLocationSpeed { fatalError() }
    /// When the location was determined.
    open var timestamp: Date { fatalError() }
}
