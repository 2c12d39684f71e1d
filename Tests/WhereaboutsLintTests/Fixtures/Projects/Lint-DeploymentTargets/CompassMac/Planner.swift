import CoreLocation

/// Plans a hike from the Mac: how far is the trailhead?
final class Planner {
    private let manager = CLLocationManager()

    func locate() {
        manager.requestWhenInUseAuthorization()
        manager.requestLocation()
    }
}
