// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.

/// `_ConditionalMapContent`: one of two pieces of content, from `MapContentBuilder.buildEither`.
@MainActor @preconcurrency
public struct _ConditionalMapContent<TrueContent, FalseContent>: MapContent
where TrueContent: MapContent, FalseContent: MapContent {
    /// Primitive content.
    public typealias Body = Never
}
