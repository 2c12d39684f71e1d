import CoreLocation

/// A fixture for SourceAnalyzerTests: a wrapper around CLLocationManager.
protocol LocationManaging {
    func requestWhenInUseAuthorization()
    func requestAlwaysAuthorization()
}

enum PurposeKey: String {
    case navigation = "Navigation"
    case parking
}

final class LocationService: LocationManaging {
    private let manager = CLLocationManager()

    // Do not call manager.requestAlwaysAuthorization() here: see the docs.
    func requestWhenInUseAuthorization() {
        manager.requestWhenInUseAuthorization()
    }

    func requestAlwaysAuthorization() {
        let message = "call manager.requestAlwaysAuthorization() later"
        print(message)
    }

    func navigate() {
        manager.allowsBackgroundLocationUpdates = true
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: PurposeKey.navigation.rawValue)
    }

    func park() async {
        _ = CLServiceSession(authorization: .whenInUse, fullAccuracyPurposeKey: PurposeKey.parking.rawValue)
    }
}
