import CoreLocation
import GeoTrailKit

final class LocationFeature {
    let manager = CLLocationManager()

    func start() {
        manager.requestAlwaysAuthorization()
        manager.allowsBackgroundLocationUpdates = true
        manager.startUpdatingLocation()
    }
}
