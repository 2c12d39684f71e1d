// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
public import Foundation

/// `CLLocation`: neither `@MainActor` nor `Sendable` here (the stricter reading).
open class CLLocation: NSObject {
    /// The runnable model's fix (not Apple's).
    let standIn: StandInFix

    init(standIn fix: StandInFix) {
        standIn = fix
        super.init()
    }

    /// The coordinate.
    open var coordinate: CLLocationCoordinate2D { standIn.coordinate }
    /// Metres above mean sea level; meaningful only when `verticalAccuracy` is not negative.
    open var altitude: CLLocationDistance { standIn.altitude }
    /// The radius of uncertainty in metres; negative when the coordinate is invalid.
    open var horizontalAccuracy: CLLocationAccuracy { standIn.horizontalAccuracy }
    /// The altitude's uncertainty in metres; negative when the altitude is invalid.
    open var verticalAccuracy: CLLocationAccuracy { standIn.verticalAccuracy }
    /// Degrees from true north; negative when invalid.
    open var course: CLLocationDirection { standIn.course }
    /// Metres per second; negative when invalid.
    open var speed: CLLocationSpeed { standIn.speed }
    /// When the location was determined.
    open var timestamp: Date { standIn.timestamp }
}
