// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.

/// `MapContentBuilder`: the result builder of map content.
@resultBuilder
public struct MapContentBuilder {
    /// A single expression, unchanged.
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: MapContent { content }

    /// A block of one piece of content, unchanged.
    public static func buildBlock<C>(_ content: C) -> C where C: MapContent { content }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent, FalseContent>(
        first: TrueContent
    ) -> _ConditionalMapContent<TrueContent, FalseContent> where TrueContent: MapContent, FalseContent: MapContent {
        fatalError("stand-in")
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither<TrueContent, FalseContent>(
        second: FalseContent
    ) -> _ConditionalMapContent<TrueContent, FalseContent> where TrueContent: MapContent, FalseContent: MapContent {
        fatalError("stand-in")
    }
}
