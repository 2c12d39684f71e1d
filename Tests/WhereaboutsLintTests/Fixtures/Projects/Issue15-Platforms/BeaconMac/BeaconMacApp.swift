import SwiftUI

@main
struct BeaconMacApp: App {
    var body: some Scene {
        WindowGroup { Text("Beacons") }
    }
}
