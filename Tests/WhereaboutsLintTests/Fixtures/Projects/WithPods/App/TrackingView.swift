import CoreLocation

final class DeliveryTracker {
    private let manager = CLLocationManager()

    func start() {
        manager.requestWhenInUseAuthorization()
    }
}
