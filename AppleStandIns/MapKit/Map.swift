// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.
public import SwiftUI

/// `Map`: a SwiftUI view that shows a map, here with content built by `MapContentBuilder` (a preview's map).
@MainActor @preconcurrency
public struct Map<Content>: View where Content: View {
    /// A map with the content you give, the bounds, interaction modes and scope.
    @MainActor @preconcurrency
    public init<C>(
        bounds: MapCameraBounds? = nil,
        interactionModes: MapInteractionModes = .all,
        scope: Namespace.ID? = nil,
        @MapContentBuilder content: () -> C
    ) where Content == MapContentView<Never, C>, C: MapContent {}

    /// The map: Apple's is an opaque view, so `Map` is not a primitive view.
    public var body: some View { fatalError("stand-in") }
}
