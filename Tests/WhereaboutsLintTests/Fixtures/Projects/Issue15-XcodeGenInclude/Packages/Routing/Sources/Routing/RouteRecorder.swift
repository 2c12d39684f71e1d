import CoreLocation

public final class RouteRecorder {
    let manager = CLLocationManager()

    public init() {}

    public func record() {
        manager.requestAlwaysAuthorization()
    }
}
