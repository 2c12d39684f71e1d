import CoreLocation

/// Wakes the rider before their stop.
final class StopAlarm {
    private let manager = CLLocationManager()

    func arm() {
        manager.requestAlwaysAuthorization()
        manager.allowsBackgroundLocationUpdates = true
        manager.startUpdatingLocation()
    }
}
