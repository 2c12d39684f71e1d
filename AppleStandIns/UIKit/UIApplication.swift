internal import CoreLocation
// Stand-in for UIKit's interface, for scripts/check-apple.sh: built and run on Linux, never shipped.
// Only what Whereabouts reads, declared as Apple's SDK imports it; the state and notifications are the simulated
// app's (StandInDevice, in the CoreLocation stand-in).
public import Foundation

/// `UIApplication`: main-actor isolated; its notification names are usable from any isolation.
@MainActor
open class UIApplication {
    /// `UIApplication.State` (`UIApplicationState`, an `NSInteger` enum).
    public enum State: Int, Sendable {
        /// In the foreground and receiving events.
        case active = 0
        /// In the foreground, not receiving events (launching, or under a system alert).
        case inactive = 1
        /// In the background (e.g. launched by a region, visit or significant-change event).
        case background = 2
    }

    /// The app's application object (unavailable in app extensions).
    open class var shared: UIApplication { standInApplication }
    /// The app's state.
    open var applicationState: UIApplication.State {
        UIApplication.State(rawValue: StandInDevice.current?.applicationStateRawValue ?? 0) ?? .active
    }

    // The runnable model (not Apple's): the app of StandInDevice.current, whose notifications the device posts. Each
    // device is a launch of the app, with an application object of its own, as each process has one.
    private static let standInShared = UIApplication()
    private static var standInApplication: UIApplication {
        guard let device = StandInDevice.current else { return standInShared }
        if let application = device.application as? UIApplication { return application }
        let application = UIApplication()
        device.application = application
        return application
    }

    /// `UIApplication.openSettingsURLString`: the URL of the app's own page in Settings (for `open(_:)` or SwiftUI's
    /// `openURL`).
    nonisolated public static let openSettingsURLString = "app-settings:"

    /// `UIApplication.willTerminateNotification`.
    nonisolated public static let willTerminateNotification = NSNotification.Name(
        "UIApplicationWillTerminateNotification"
    )
    /// `UIApplication.willResignActiveNotification`.
    nonisolated public static let willResignActiveNotification = NSNotification.Name(
        "UIApplicationWillResignActiveNotification"
    )
    /// `UIApplication.didBecomeActiveNotification`.
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name(
        "UIApplicationDidBecomeActiveNotification"
    )
    /// `UIApplication.didEnterBackgroundNotification`.
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name(
        "UIApplicationDidEnterBackgroundNotification"
    )
    /// `UIApplication.willEnterForegroundNotification`.
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name(
        "UIApplicationWillEnterForegroundNotification"
    )
}
