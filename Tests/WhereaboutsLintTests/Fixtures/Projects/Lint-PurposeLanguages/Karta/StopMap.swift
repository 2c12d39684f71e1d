import CoreLocation

/// Shows nearby stops nearby.
final class StopMap {
    private let manager = CLLocationManager()

    func show() {
        manager.requestWhenInUseAuthorization()
    }
}
