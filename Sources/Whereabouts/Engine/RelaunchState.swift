/// What the simulated OS holds about the app's launches: the app's launch code, why the system last launched it, and
/// the events that wait for a location manager of the relaunched app.
struct RelaunchState {
    /// The app's launch code, run in order at each launch.
    var launchCode: [@Sendable (LaunchReason?) async -> Void] = []
    /// The launch code of the current launch, while it runs.
    var launchTask: Task<Void, Never>?
    /// Why the system launched the app in the background, while that launch runs; `nil` after a launch by the
    /// person, and while the app is not running.
    var reason: LaunchReason?
    /// The events that wait for the relaunched app: a region's or a visit's for its first location manager, a
    /// significant change's for the manager that starts significant-change monitoring again.
    var pending: [LocationEvent] = []
    /// When the launch's window ends, on the OS's elapsed clock; `nil` when no window is open.
    var deadline: Duration?
    /// Ends the launch's window on the OS's clock.
    var timer: Task<Void, Never>?
    /// Whether the running app has made a location manager since it was launched.
    var madeManager = false
    /// What became of the events that launched the app last.
    var fate = LaunchEventFate.none
    /// The app's activity streams of the running app's location managers, by id: they end with its process.
    var managerActivity: Set<Int> = []
    /// The source that fed the app's live updates when it ended with a background activity session active: its next
    /// fix relaunches the app to resume the session.
    var sessionFeed: SourceSlot.Key?
}
