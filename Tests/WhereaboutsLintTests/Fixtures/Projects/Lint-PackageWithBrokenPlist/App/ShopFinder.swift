import CoreLocation

/// Finds shops nearby.
final class ShopFinder {
    private let manager = CLLocationManager()

    func find() { manager.requestWhenInUseAuthorization() }
}
