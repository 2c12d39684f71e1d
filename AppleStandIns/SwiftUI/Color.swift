// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `Color`: a colour, usable as a shape style.
@frozen
public struct Color: Hashable, Sendable {
    private var alpha = 1.0

    /// The app's accent colour.
    public static var accentColor: Color { Color() }

    /// The colour with the given opacity.
    public func opacity(_ opacity: Double) -> Color { Color(alpha: opacity) }
}

extension Color: ShapeStyle {}
