// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `AnyView`: a type-erased view.
@frozen @MainActor @preconcurrency
public struct AnyView: View {
    /// Erases a view's type.
    nonisolated public init<V>(_ view: V) where V: View {}

    /// A primitive view.
    public typealias Body = Never
}

@available(*, unavailable)
extension AnyView: Sendable {}
