// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.

/// `EmptyMapContent`: no content.
@MainActor @preconcurrency
public struct EmptyMapContent: MapContent {
    /// Empty content.
    @MainActor @preconcurrency
    public init() {}

    /// Primitive content.
    public typealias Body = Never
}

extension EmptyMapContent: Sendable {}
