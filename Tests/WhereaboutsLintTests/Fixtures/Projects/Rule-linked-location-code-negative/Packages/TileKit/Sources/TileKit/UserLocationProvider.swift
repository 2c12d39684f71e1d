import CoreLocation

/// Shows the user's position on a tile map, when the app turns the position puck on.
public final class UserLocationProvider {
    private let manager = CLLocationManager()

    public init() {}

    public func showUserPosition() {
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
    }

    public func askForPreciseFix() {
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "TileAccuracy")
    }
}
