// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.
public import CoreLocation

/// `MapCircle`: a circle overlay of a radius in metres around a coordinate.
public struct MapCircle: MapContent {
    /// A circle.
    public init(center coordinate: CLLocationCoordinate2D, radius: CLLocationDistance) {}

    /// Primitive content.
    public typealias Body = Never
}
