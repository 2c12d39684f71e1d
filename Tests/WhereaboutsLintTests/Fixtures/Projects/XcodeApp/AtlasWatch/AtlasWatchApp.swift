import CoreLocation
import SwiftUI

@main
struct AtlasWatchApp: App {
    private let manager = CLLocationManager()

    var body: some Scene {
        WindowGroup {
            Text("Next marker")
                .onAppear { manager.requestWhenInUseAuthorization() }
        }
    }
}
