#if canImport(CoreLocation)
import CoreLocation

/// A library asks for authorization on behalf of the app that embeds it; the app declares the keys.
public final class LocationProvider {
    private let manager = CLLocationManager()

    public init() {}

    public func requestAccess() {
        manager.requestWhenInUseAuthorization()
    }
}
#endif
