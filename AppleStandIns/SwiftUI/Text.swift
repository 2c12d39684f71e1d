// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `Text`: a view of read-only text.
@frozen
public struct Text: Equatable, Sendable {
    /// Text shown as it is, without localization.
    public init(verbatim content: String) {}

    /// The text in a font.
    nonisolated public func font(_ font: Font?) -> Text { self }
}

extension Text: View {
    /// A primitive view.
    public typealias Body = Never
}
