// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `Namespace`: a property wrapper that gives a view a unique identifier (only its `ID` type is used here, as the type
/// of `Map`'s `scope`; the wrapper's members are not declared).
@frozen
public struct Namespace: DynamicProperty {
    /// A namespace's identifier.
    @frozen
    public struct ID: Hashable {}
}
