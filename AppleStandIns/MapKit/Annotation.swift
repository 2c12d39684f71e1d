// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.
public import CoreLocation
public import SwiftUI

/// `Annotation`: a SwiftUI view at a coordinate of the map, with a label.
@MainActor @preconcurrency
public struct Annotation<Label, Content>: MapContent where Label: View, Content: View {
    /// An annotation with a custom label.
    @MainActor @preconcurrency
    public init(
        coordinate: CLLocationCoordinate2D,
        anchor: UnitPoint = .center,
        @ViewBuilder content: () -> Content,
        @ViewBuilder label: () -> Label
    ) {}

    /// Primitive content.
    public typealias Body = Never
}

extension Annotation: Sendable {}
