// Stand-in for AppKit's interface, type-checked on Linux by scripts/check-apple.sh; never shipped, never run.
// Only what Whereabouts reads, declared as Apple's SDK imports it; every body is fatalError().
public import Foundation

/// `NSApplication`: main-actor isolated; its notification names are usable from any isolation.
@MainActor
open class NSApplication {
    /// `NSApplication.willTerminateNotification`.
    nonisolated public static let willTerminateNotification = NSNotification.Name(
        "NSApplicationWillTerminateNotification"
    )
    /// `NSApplication.willResignActiveNotification`.
    nonisolated public static let willResignActiveNotification = NSNotification.Name(
        "NSApplicationWillResignActiveNotification"
    )
    /// `NSApplication.didBecomeActiveNotification`.
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name(
        "NSApplicationDidBecomeActiveNotification"
    )
}
