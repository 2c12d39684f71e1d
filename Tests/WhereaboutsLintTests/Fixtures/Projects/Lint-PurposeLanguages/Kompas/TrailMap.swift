import CoreLocation

final class TrailMap {
    let manager = CLLocationManager()

    func start() {
        manager.requestWhenInUseAuthorization()
    }
}
