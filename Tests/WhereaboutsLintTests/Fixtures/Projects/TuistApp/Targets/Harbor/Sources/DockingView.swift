import CoreLocation

final class DockingGuide {
    private let manager = CLLocationManager()

    func beginDocking() {
        manager.requestWhenInUseAuthorization()
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Docking")
    }
}
