// Excluded from the Trailhead target by a membership exception in the synchronized folder.
import CoreLocation

func mockVisits(_ manager: CLLocationManager) {
    manager.startMonitoringVisits()
}
