import SwiftUI

@main
struct WalkApp: App {
    var body: some Scene {
        WindowGroup { Text("Walk") }
    }
}
