import CoreLocation
import SwiftUI

struct TrailMap: View {
    @State private var manager = CLLocationManager()

    var body: some View {
        Text("Trails near you")
            .onAppear {
                manager.requestWhenInUseAuthorization()
                manager.allowsBackgroundLocationUpdates = true
            }
    }
}
