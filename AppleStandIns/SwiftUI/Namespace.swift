// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `Namespace`: a property wrapper that gives a view a unique identifier (`@Namespace private var scope`); here only
/// its `ID` is used, as the type of `Map`'s `scope`.
@frozen @propertyWrapper
public struct Namespace: DynamicProperty {
    /// A new namespace.
    public init() {}

    /// The namespace's identifier.
    public var wrappedValue: Namespace.ID { fatalError("stand-in") }

    /// A namespace's identifier.
    @frozen
    public struct ID: Hashable {}
}

extension Namespace: Sendable {}

extension Namespace.ID: Sendable {}
