// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.

/// `MapContent`: content of a SwiftUI `Map` (markers, annotations, overlays), main-actor isolated.
@MainActor @preconcurrency
public protocol MapContent {
    /// The type of the content's body.
    associatedtype Body: MapContent
    /// The content.
    @MapContentBuilder @MainActor @preconcurrency
    var body: Self.Body { get }
}

// Not Apple's declaration: the body of the primitive content below (its `Body` is `Never`), which never runs.
extension MapContent where Body == Never {
    /// Traps: primitive content has no body.
    public var body: Never { fatalError("stand-in") }
}

// Its `Body` and `body` are SwiftUI's (`Never` is a view too).
extension Never: MapContent {}
