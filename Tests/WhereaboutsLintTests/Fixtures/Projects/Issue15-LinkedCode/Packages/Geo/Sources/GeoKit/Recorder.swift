import CoreLocation

public final class Recorder {
    let manager = CLLocationManager()

    public init() {}

    public func record() {
        manager.requestAlwaysAuthorization()
        manager.allowsBackgroundLocationUpdates = true
        manager.startUpdatingLocation()
    }
}
