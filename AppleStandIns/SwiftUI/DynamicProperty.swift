// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `DynamicProperty`: a stored property of a view that SwiftUI updates (its requirements are not used here).
public protocol DynamicProperty {}
