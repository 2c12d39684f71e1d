import CoreLocation

final class RideTracker {
    private let manager = CLLocationManager()

    func start() {
        manager.requestAlwaysAuthorization()
        manager.allowsBackgroundLocationUpdates = true
        manager.startUpdatingLocation()
    }
}
