// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `ModifiedContent`: a view with a modifier applied.
@frozen
public struct ModifiedContent<Content, Modifier> {
    /// A primitive view (declared on the type itself, as in Apple's interface, whatever the content).
    public typealias Body = Never
}

@available(*, unavailable)
extension ModifiedContent: Sendable {}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {}
