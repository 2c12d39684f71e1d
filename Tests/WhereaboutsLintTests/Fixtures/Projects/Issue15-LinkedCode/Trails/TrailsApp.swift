import SwiftUI
import TrailKit

@main
struct TrailsApp: App {
    var body: some Scene {
        WindowGroup { Text("Trails") }
    }
}
