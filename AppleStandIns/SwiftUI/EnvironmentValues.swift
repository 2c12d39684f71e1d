// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `EnvironmentValues`: the values of a view's environment.
public struct EnvironmentValues {
    /// The value of a custom key.
    public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
        get { fatalError("stand-in") }
        set {}
    }

    /// The action that opens a URL (the property itself is not isolated; the action is).
    public var openURL: OpenURLAction {
        get { fatalError("stand-in") }
        set {}
    }
}

@available(*, unavailable)
extension EnvironmentValues: Sendable {}
