// Stand-in for SwiftUI's interface, for scripts/check-apple.sh: type-checked on Linux, never run or shipped (bodies trap).

/// `AccessibilityAttachmentModifier`: the modifier that accessibility modifiers apply.
@frozen
public struct AccessibilityAttachmentModifier: ViewModifier {}
