import CoreLocation

final class HeadingModel {
    private let manager = CLLocationManager()

    func start() {
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingHeading()
    }
}
