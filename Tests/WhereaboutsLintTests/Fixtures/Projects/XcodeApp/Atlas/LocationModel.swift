import CoreLocation
import Observation

enum PurposeKey {
    static let navigation = "Navigation"
}

@Observable
final class LocationModel: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()

    func start() {
        manager.delegate = self
        manager.requestAlwaysAuthorization()
        manager.allowsBackgroundLocationUpdates = true
        manager.startMonitoringSignificantLocationChanges()
    }

    func startNavigation() {
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: PurposeKey.navigation)
        manager.desiredAccuracy = kCLLocationAccuracyBestForNavigation
        manager.startUpdatingLocation()
    }
}
