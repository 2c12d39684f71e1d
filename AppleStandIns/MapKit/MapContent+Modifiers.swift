// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.
public import SwiftUI

extension MapContent {
    /// Fills an overlay (a circle, a polygon) with a shape style.
    @MainActor @preconcurrency
    public func foregroundStyle(_ content: some ShapeStyle) -> some MapContent { self }
}
