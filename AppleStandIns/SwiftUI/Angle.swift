// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `Angle`: a geometric angle.
@frozen
public struct Angle: Hashable, Sendable {
    private var radians = 0.0

    /// An angle in degrees.
    public static func degrees(_ degrees: Double) -> Angle { Angle(radians: degrees * .pi / 180) }
}
