// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `EnvironmentKey`: a key of a custom environment value.
public protocol EnvironmentKey {
    /// The value's type.
    associatedtype Value
    /// The value where none was set.
    static var defaultValue: Self.Value { get }
}
