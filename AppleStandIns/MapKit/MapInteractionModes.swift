// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.

/// `MapInteractionModes`: the interactions a map responds to, an option set (only `all`, the default of `Map`'s
/// `interactionModes`, is used here; `pan`, `zoom`, `rotate` and `pitch` are not declared).
public struct MapInteractionModes: OptionSet {
    /// The set's bits.
    public let rawValue: Int

    /// The set with these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Every interaction: pan, zoom, pitch and rotate.
    ///
    /// Apple's is a `static let` of a type not marked `Sendable`, which Swift 6 rejects in a module of its own; a
    /// computed property reads the same at every use. Apple's raw values are not in its interface, so it traps.
    public static var all: MapInteractionModes { fatalError("stand-in") }
}
