import CoreLocation

public final class StepTracker {
    let manager = CLLocationManager()

    public init() {}

    public func start() {
        manager.requestWhenInUseAuthorization()
    }
}
