// A vendored pod: it asks for Always and background updates, which must not be blamed on the app.
import CoreLocation

public final class LocationKit {
    private let manager = CLLocationManager()

    public func startEverything() {
        manager.requestAlwaysAuthorization()
        manager.allowsBackgroundLocationUpdates = true
        manager.startMonitoringVisits()
    }
}
