// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `ViewBuilder`: the result builder of view content.
@resultBuilder
public struct ViewBuilder {
    /// A single expression, unchanged.
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { content }

    /// A block of one view, unchanged.
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { content }

    /// A block of several views.
    @_disfavoredOverload
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
    where repeat each Content: View {
        fatalError("stand-in")
    }

    /// An `if` without `else`.
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { content }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent, FalseContent>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View {
        fatalError("stand-in")
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent, FalseContent>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View {
        fatalError("stand-in")
    }
}

@available(*, unavailable)
extension ViewBuilder: Sendable {}
