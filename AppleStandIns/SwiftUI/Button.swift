// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `Button`: a control that runs an action.
@MainActor @preconcurrency
public struct Button<Label>: View where Label: View {
    /// A button with a custom label.
    @preconcurrency
    nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}

    /// The button's content: Apple's is an opaque view built from the label and the button style, so `Button` is
    /// not a primitive view.
    public var body: some View { fatalError("stand-in") }
}

@available(*, unavailable)
extension Button: Sendable {}
