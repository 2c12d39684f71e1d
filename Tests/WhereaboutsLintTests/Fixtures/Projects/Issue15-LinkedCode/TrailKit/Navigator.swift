import CoreLocation

public final class Navigator {
    let manager = CLLocationManager()

    public init() {}

    public func start() {
        manager.requestWhenInUseAuthorization()
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
    }
}
