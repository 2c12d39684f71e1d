internal import CoreLocation
// Stand-in for WatchKit's interface, for scripts/check-apple.sh: built and run on Linux, never shipped.
// Only what Whereabouts reads, declared as Apple's SDK imports it (watchOS 7 and later); the state and
// notifications are the simulated app's (StandInDevice, in the CoreLocation stand-in).
public import Foundation

/// `WKApplicationState` (an `NSInteger` enum).
public enum WKApplicationState: Int, Sendable {
    /// In the foreground and receiving events.
    case active = 0
    /// In the foreground, not receiving events.
    case inactive = 1
    /// In the background.
    case background = 2
}

/// `WKApplication`: the app object of a single-target watchOS app, main-actor isolated.
@MainActor
open class WKApplication {
    /// The app object.
    open class func shared() -> WKApplication { standInApplication }
    /// The app's state.
    open var applicationState: WKApplicationState {
        WKApplicationState(rawValue: StandInDevice.current?.applicationStateRawValue ?? 0) ?? .active
    }

    // The runnable model (not Apple's): the app of StandInDevice.current, whose notifications the device posts. Each
    // device is a launch of the app, with an application object of its own, as each process has one.
    private static let standInShared = WKApplication()
    private static var standInApplication: WKApplication {
        guard let device = StandInDevice.current else { return standInShared }
        if let application = device.application as? WKApplication { return application }
        let application = WKApplication()
        device.application = application
        return application
    }

    /// `WKApplication.willResignActiveNotification`.
    public static let willResignActiveNotification = NSNotification.Name("WKApplicationWillResignActiveNotification")
    /// `WKApplication.didBecomeActiveNotification`.
    public static let didBecomeActiveNotification = NSNotification.Name("WKApplicationDidBecomeActiveNotification")
    /// `WKApplication.didEnterBackgroundNotification`.
    public static let didEnterBackgroundNotification = NSNotification.Name(
        "WKApplicationDidEnterBackgroundNotification"
    )
    /// `WKApplication.willEnterForegroundNotification`.
    public static let willEnterForegroundNotification = NSNotification.Name(
        "WKApplicationWillEnterForegroundNotification"
    )
}
