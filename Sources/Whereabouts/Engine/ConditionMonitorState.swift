/// What the simulated OS holds for the app's condition monitors: every monitor's conditions in the order they were
/// added, the monitors open now, and the events that wait for a monitor's stream.
struct ConditionMonitorState {
    /// A condition and what the system last saw of it.
    struct Entry {
        /// The condition as it is kept.
        var kept: MonitoredCondition
        /// The state the last fix gave the condition, `nil` before one decided it (a beacon's never is).
        var observed: MonitorConditionState?
    }

    /// An open monitor.
    struct Opened {
        /// Tells this opening from an earlier one of the same name.
        let id: Int
        /// The stream ``ConditionMonitor/events`` returned last, while it runs.
        var stream: (id: Int, continuation: AsyncStream<MonitorEvent>.Continuation)?
    }

    /// Every monitor's conditions, in the order they were added (the budget's order).
    var entries: [Entry] = []
    /// The monitors open now, by name.
    var open: [String: Opened] = [:]
    /// The events no stream took yet, by monitor name.
    var waiting: [String: [MonitorEvent]] = [:]
    /// The monitors opened since the app was last launched: the first opening of each re-emits its states.
    var openedThisLaunch: Set<String> = []
    /// Whether the consent store failed to keep the monitors last time it was asked.
    var persistenceFailed = false
    /// The next opening's or stream's id.
    var nextID = 1

    /// The index of a monitor's condition.
    ///
    /// - Parameters:
    ///   - identifier: The condition's identifier.
    ///   - monitor: The monitor's name.
    /// - Returns: Its index in ``entries``, or `nil`.
    func index(of identifier: String, in monitor: String) -> Int? {
        entries.firstIndex { $0.kept.monitor == monitor && $0.kept.identifier == identifier }
    }

    /// How many circular conditions the monitors hold.
    var circularCount: Int { entries.count(where: { $0.kept.record.condition.isCircularGeographic }) }
}
