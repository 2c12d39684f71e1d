import CoreLocation

final class LocationFeature {
    let manager = CLLocationManager()

    func start() {
        manager.requestWhenInUseAuthorization()
    }
}
