// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `_ConditionalContent`: one of two views, from `ViewBuilder.buildEither`.
@frozen
public struct _ConditionalContent<TrueContent, FalseContent> {}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    /// A primitive view.
    public typealias Body = Never
}

@available(*, unavailable)
extension _ConditionalContent: Sendable {}
