// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `Image`: a view of an image.
@frozen
public struct Image: Equatable, Sendable {
    /// An SF Symbols image.
    public init(systemName: String) {}
}

extension Image: View {
    /// A primitive view.
    public typealias Body = Never
}
