// Stand-in for AppKit's interface, for scripts/check-apple.sh: built and run on Linux, never shipped.
// Only what Whereabouts reads, declared as Apple's SDK imports it; the notifications are posted by StandInDevice
// (in the CoreLocation stand-in).
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
