import CoreLocation

final class PlaceReminder {
    private let manager = CLLocationManager()

    func start() {
        manager.requestAlwaysAuthorization()
        manager.allowsBackgroundLocationUpdates = true
        manager.startMonitoringSignificantLocationChanges()
    }
}
