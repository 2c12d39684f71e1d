import CoreLocation

final class Höhenprofil {
    let manager = CLLocationManager()

    func start() {
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
    }
}
