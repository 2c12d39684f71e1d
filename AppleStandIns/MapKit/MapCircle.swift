// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.
public import CoreLocation

/// `MapCircle`: a circle overlay of a radius in metres around a coordinate. Not isolated to the main actor: its
/// conformance to `MapContent` is declared in an extension, as in Apple's interface, so its initialiser is nonisolated.
public struct MapCircle {
    /// A circle.
    public init(center coordinate: CLLocationCoordinate2D, radius: CLLocationDistance) {}
}

extension MapCircle: MapContent {
    /// Primitive content.
    public typealias Body = Never
}
