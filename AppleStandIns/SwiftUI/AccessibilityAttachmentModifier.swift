// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `AccessibilityAttachmentModifier`: the modifier that accessibility modifiers apply.
@MainActor @preconcurrency
public struct AccessibilityAttachmentModifier: ViewModifier {}

@available(*, unavailable)
extension AccessibilityAttachmentModifier: Sendable {}
