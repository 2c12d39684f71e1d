import CoreLocation
import LocationClient

/// Asks for when-in-use on iOS; only the Mac build asks for Always.
final class CompassModel {
    let client: LocationClient = .live

    func locateTapped() {
        #if os(macOS)
            client.requestAlwaysAuthorization()
        #else
            client.requestWhenInUseAuthorization()
        #endif
    }
}
