// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.
public import SwiftUI

/// `MapContentView`: the view a `Map` with content shows, generic over its selection and its content.
@MainActor @preconcurrency
public struct MapContentView<SelectionValue, Content>: View where SelectionValue: Hashable, Content: MapContent {
    /// The map: Apple's is an opaque view, so `MapContentView` is not a primitive view.
    public var body: some View { fatalError("stand-in") }
}
