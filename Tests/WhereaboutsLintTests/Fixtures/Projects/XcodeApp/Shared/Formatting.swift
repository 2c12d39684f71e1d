import CoreLocation

/// Shared by the app and the widget (a SOURCE_ROOT file reference in the project).
func formatDistance(_ meters: CLLocationDistance) -> String {
    meters < 1000 ? "\(Int(meters)) m" : String(format: "%.1f km", meters / 1000)
}
