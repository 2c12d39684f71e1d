import CoreLocation

/// The watch's compass: asks for Always so a hike keeps its heading.
final class WristCompass {
    private let manager = CLLocationManager()

    func start() {
        manager.requestAlwaysAuthorization()
        manager.startMonitoringSignificantLocationChanges()
    }
}
