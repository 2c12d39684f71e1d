import SwiftUI

@main
struct AtlasApp: App {
    @State private var model = LocationModel()

    var body: some Scene {
        WindowGroup {
            Text("Atlas")
                .onAppear { model.start() }
        }
    }
}
