import SwiftUI

@main
struct HöheApp: App {
    var body: some Scene {
        WindowGroup { Text("Höhe") }
    }
}
