import CoreLocation

final class LocationFeature {
    let manager = CLLocationManager()

    func start() {
        manager.requestAlwaysAuthorization()
        manager.startUpdatingLocation()
    }
}
