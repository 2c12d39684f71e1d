// Stand-in for MapKit's SwiftUI content (MapKit with SwiftUI), for scripts/check-apple.sh: type-checked on Linux, never
// run or shipped (bodies trap). Only what WhereaboutsUI uses, declared as Apple declares it.

/// `_ConditionalMapContent`: one of two pieces of content, from `MapContentBuilder.buildEither`. Frozen, unconstrained
/// and not isolated, as in Apple's interface; it is map content when both of its pieces are.
@frozen
public struct _ConditionalMapContent<TrueContent, FalseContent> {}

extension _ConditionalMapContent: MapContent where TrueContent: MapContent, FalseContent: MapContent {
    /// Primitive content.
    public typealias Body = Never
}
