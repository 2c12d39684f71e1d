import CoreLocation
import SwiftUI

struct ContentView: View {
    @State private var manager = CLLocationManager()

    var body: some View {
        Text("Sharing with your group")
            .task {
                manager.requestAlwaysAuthorization()
                manager.allowsBackgroundLocationUpdates = true
                for try await update in CLLocationUpdate.liveUpdates() {
                    _ = update.location
                }
            }
    }
}
