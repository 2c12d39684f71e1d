// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).
public import Foundation

/// `VStack`: views in a vertical line.
@frozen @MainActor @preconcurrency
public struct VStack<Content>: View where Content: View {
    /// A stack with the given alignment and spacing.
    nonisolated public init(
        alignment: HorizontalAlignment = .center,
        spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {}

    /// A primitive view.
    public typealias Body = Never
}

@available(*, unavailable)
extension VStack: Sendable {}
