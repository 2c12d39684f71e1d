// Not in any target's Sources build phase: the scanner must not attribute it to Atlas.
import CoreLocation

func legacyRequest(_ manager: CLLocationManager) {
    manager.requestAlwaysAuthorization()
}
