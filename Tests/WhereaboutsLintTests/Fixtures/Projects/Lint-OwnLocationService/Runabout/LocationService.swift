import CoreLocation

/// The app's own wrapper: its method names mirror Core Location's, but it only ever asks for when-in-use.
final class LocationService: NSObject {
    static let shared = LocationService()

    private lazy var manager: CLLocationManager = {
        let manager = CLLocationManager()
        manager.distanceFilter = 50
        return manager
    }()

    /// Named after Core Location's method, but asks for when-in-use and follows the user while the map is open.
    func startMonitoringSignificantLocationChanges() {
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
    }

    /// Kept for older call sites; asks for when-in-use only.
    func requestAlwaysAuthorization() {
        manager.requestWhenInUseAuthorization()
    }
}
