import CoreLocation

public final class WristLocation {
    let manager = CLLocationManager()

    public init() {}

    public func start() {
        manager.requestWhenInUseAuthorization()
    }
}
