// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `Environment`: a property wrapper that reads a value of the view's environment.
@frozen @propertyWrapper
public struct Environment<Value>: DynamicProperty {
    /// Reads the value at a key path of the environment.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}

    /// The environment's value.
    public var wrappedValue: Value { fatalError("stand-in") }
}

extension Environment: Sendable where Value: Sendable {}
