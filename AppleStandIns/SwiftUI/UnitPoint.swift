// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `UnitPoint`: a point in a view's normalized coordinates.
@frozen
public struct UnitPoint: Hashable, Sendable {
    private init() {}

    /// The centre.
    public static let center = UnitPoint()
}
