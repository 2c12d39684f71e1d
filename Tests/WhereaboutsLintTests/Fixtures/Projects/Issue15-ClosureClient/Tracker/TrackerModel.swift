import LocationClient

/// Records walks in the background: asks for Always and turns background updates on through the client.
final class TrackerModel {
    let client: LocationClient = .live

    func startRecording() {
        client.requestAlwaysAuthorization()
        client.set(allowsBackgroundLocationUpdates: true)
    }
}
