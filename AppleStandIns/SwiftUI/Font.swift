// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `Font`: a font, here only the text styles that scale with Dynamic Type.
@frozen
public struct Font: Hashable, Sendable {
    private init() {}

    /// The second-level title text style.
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    public static let title2 = Font()
    /// The title text style.
    public static let title = Font()
    /// The headline text style.
    public static let headline = Font()
    /// The body text style.
    public static let body = Font()
}
