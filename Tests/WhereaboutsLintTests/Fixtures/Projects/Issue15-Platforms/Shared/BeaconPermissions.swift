import CoreLocation

/// Asks for location the way each platform's build of the app needs it.
final class BeaconPermissions {
    let manager = CLLocationManager()

    func ask() {
        #if os(macOS)
            manager.requestAlwaysAuthorization()
        #else
            manager.requestWhenInUseAuthorization()
        #endif
    }

    func followInBackground() {
        #if os(iOS) && !targetEnvironment(macCatalyst)
            manager.allowsBackgroundLocationUpdates = true
        #endif
    }
}
