import CoreLocation

final class Heading {
    let manager = CLLocationManager()

    func start() {
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingHeading()
    }
}
