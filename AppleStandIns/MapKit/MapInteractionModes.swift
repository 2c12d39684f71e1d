// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.

/// `MapInteractionModes`: the interactions a map responds to (an option set on Apple's platforms; only `all`, the
/// default of `Map`'s `interactionModes`, is used here, so the option-set conformance is not declared).
public struct MapInteractionModes {
    /// Every interaction: pan, zoom, pitch and rotate.
    ///
    /// Apple's is a `static let` of a type not marked `Sendable`, which Swift 6 rejects in a module of its own; a
    /// computed property reads the same at every use.
    public static var all: MapInteractionModes { MapInteractionModes() }
}
