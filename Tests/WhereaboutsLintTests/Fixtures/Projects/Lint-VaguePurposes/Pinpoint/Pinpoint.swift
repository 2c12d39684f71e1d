import CoreLocation

/// Logs where the user has been.
final class Pinpoint {
    private let manager = CLLocationManager()

    func start() {
        manager.requestAlwaysAuthorization()
        manager.allowsBackgroundLocationUpdates = true
        manager.startUpdatingLocation()
    }
}
