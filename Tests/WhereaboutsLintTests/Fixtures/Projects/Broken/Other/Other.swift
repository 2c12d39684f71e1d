import CoreLocation

func ask(_ manager: CLLocationManager) {
    manager.requestWhenInUseAuthorization()
}
