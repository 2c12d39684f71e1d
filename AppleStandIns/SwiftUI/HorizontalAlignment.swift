// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `HorizontalAlignment`: an alignment along the horizontal axis.
@frozen
public struct HorizontalAlignment: Equatable, Sendable {
    private init() {}

    /// The leading edge.
    public static let leading = HorizontalAlignment()
    /// The centre.
    public static let center = HorizontalAlignment()
}
