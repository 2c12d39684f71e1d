// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `TupleView`: the views of a block.
@frozen @MainActor @preconcurrency
public struct TupleView<T>: View {
    /// A primitive view.
    public typealias Body = Never
}

@available(*, unavailable)
extension TupleView: Sendable {}
