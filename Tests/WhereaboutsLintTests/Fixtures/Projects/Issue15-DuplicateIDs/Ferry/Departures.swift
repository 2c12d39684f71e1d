import CoreLocation

final class Departures {
    let manager = CLLocationManager()

    func start() {
        manager.requestWhenInUseAuthorization()
    }
}
