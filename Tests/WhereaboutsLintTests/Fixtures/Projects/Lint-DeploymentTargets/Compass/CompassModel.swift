import CoreLocation

/// Points at the chosen trailhead, in the background too.
final class CompassModel: NSObject, CLLocationManagerDelegate {
    let manager = CLLocationManager()

    func start() {
        manager.delegate = self
        manager.requestAlwaysAuthorization()
        manager.startMonitoringSignificantLocationChanges()
        manager.startUpdatingHeading()
    }
}
