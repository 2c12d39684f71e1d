import SwiftUI
import WristTracking

@main
struct TrailsWatchApp: App {
    var body: some Scene {
        WindowGroup { Text("Trails") }
    }
}
