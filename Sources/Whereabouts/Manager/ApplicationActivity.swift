/// A change in the application's activity, as UIKit announces it with its notifications.
///
/// On a device these are `UIApplication`'s `willResignActive`, `didBecomeActive`, `didEnterBackground` and
/// `willEnterForeground` notifications; the simulated OS announces the same when a prompt covers the app and goes, and
/// when the app's life changes.
package enum ApplicationActivity: Hashable, Sendable {
    /// A system alert (a permission prompt) covers the app, or it is leaving the foreground.
    case willResignActive
    /// The app is active again: an alert over it went away, or it came to the foreground.
    case didBecomeActive
    /// The app went to the background.
    case didEnterBackground
    /// The app is coming back to the foreground.
    case willEnterForeground
    /// The app is about to end.
    case willTerminate
}
