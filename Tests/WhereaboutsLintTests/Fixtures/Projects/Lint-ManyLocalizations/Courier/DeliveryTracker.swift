import CoreLocation

/// Follows the courier on a delivery round, in the background too.
final class DeliveryTracker: NSObject {
    private let manager = CLLocationManager()

    func startRound() {
        manager.requestAlwaysAuthorization()
        manager.allowsBackgroundLocationUpdates = true
        manager.startUpdatingLocation()
    }
}
