// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `AccessibilityTraits`: what an element is to assistive technologies (only `isHeader` here).
public struct AccessibilityTraits: Sendable {
    private init() {}

    /// The element is a header of a section of content.
    public static let isHeader = AccessibilityTraits()
}
