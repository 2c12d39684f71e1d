import LocationClient

/// Shows the nearest exit; asks for location through the client, and forgot the purpose string.
final class KioskModel {
    let client: LocationClient = .live

    func nearestExitTapped() {
        client.requestWhenInUseAuthorization()
    }
}
