// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `ModifiedContent`: a view with a modifier applied.
@frozen
public struct ModifiedContent<Content, Modifier> {}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    /// A primitive view.
    public typealias Body = Never
}
