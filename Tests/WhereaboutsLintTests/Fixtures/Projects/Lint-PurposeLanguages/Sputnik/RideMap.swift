import CoreLocation

/// Shows fellow travellers nearby.
final class RideMap {
    private let manager = CLLocationManager()

    func show() {
        manager.requestWhenInUseAuthorization()
    }
}
