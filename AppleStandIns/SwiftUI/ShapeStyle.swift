// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `ShapeStyle`: a colour or pattern to draw with (its requirements are not used here).
public protocol ShapeStyle: Sendable {}
