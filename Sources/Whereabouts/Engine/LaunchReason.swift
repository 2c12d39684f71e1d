/// Why the system launched the app in the background while it was not running.
///
/// iOS relaunches a terminated app when an event of a location service it kept for the app arrives: a region
/// crossing, a visit, a significant location change (each only with Always authorization), or a
/// `CLBackgroundActivitySession` that was active when the app ended and may be resumed. The app then starts in the
/// background, and its launch options carry `UIApplication.LaunchOptionsKey.location` (``launchOptionsKey``).
///
/// The event reaches the app only through a location manager the relaunched app makes at launch, within
/// ``SimulatedOS/Options/relaunchWindow``; otherwise it is lost.
///
/// ```swift
/// await os.onLaunch { reason in
///     guard reason == .regionExit else { return }
///     app.client = LocationClient.simulated(os: os, source: source)   // the manager that receives the exit
/// }
/// await os.handle(.terminate)
/// await source.send(outsideTheRegion)                  // the system relaunches the app in the background
/// await os.settleLaunch()
/// #expect(await os.launchReason == .regionExit)
/// ```
public enum LaunchReason: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The device entered a monitored region (`locationManager(_:didEnterRegion:)` waits for the app).
    case regionEntry
    /// The device left a monitored region (`locationManager(_:didExitRegion:)` waits for the app).
    case regionExit
    /// A visit began or ended while the app monitored visits (`locationManager(_:didVisit:)` waits for the app).
    case visit
    /// A significant location change arrived while the app monitored them (`locationManager(_:didUpdateLocations:)`
    /// waits for the app to start significant-change monitoring again).
    case significantLocationChange
    /// A background activity session was active when the app ended; the app may resume it at once.
    case backgroundActivitySession
    /// A condition of one of the app's condition monitors changed state (the event waits in the monitor's events
    /// until the app opens the monitor again).
    case monitorEvent

    /// The key of the launch options dictionary iOS passes to `application(_:didFinishLaunchingWithOptions:)`:
    /// `UIApplication.LaunchOptionsKey.location` (`"UIApplicationLaunchOptionsLocationKey"`) for every reason.
    ///
    /// Apple documents the key for region, visit and significant-change launches; for a resumed background
    /// activity session it says only that the session "may be resumed … when the app is next run, even in the
    /// background", so Whereabouts reports the same key, the one a location-driven launch carries.
    public var launchOptionsKey: String { "UIApplicationLaunchOptionsLocationKey" }

    /// The reason's name, as a scenario's `launchInBackground` step spells it.
    public var description: String { rawValue }
}
