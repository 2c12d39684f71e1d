// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `ViewModifier`: a modifier of views (its requirements are not used here).
@MainActor @preconcurrency
public protocol ViewModifier {}
