import SwiftUI

@main
struct CompassApp: App {
    var body: some Scene {
        WindowGroup { Text("Compass") }
    }
}
