// The runnable model behind the stand-ins (see StandInDevice.swift).
import Foundation

/// What a stand-in `CLLocation` holds; what is unknown is negative, as Core Location spells it.
struct StandInFix {
    var coordinate: CLLocationCoordinate2D
    var altitude: CLLocationDistance = 0
    var horizontalAccuracy: CLLocationAccuracy = 0
    var verticalAccuracy: CLLocationAccuracy = -1
    var course: CLLocationDirection = -1
    var speed: CLLocationSpeed = -1
    var timestamp = Date()
}
