/// One condition of one of the app's condition monitors, as the system keeps it across launches: the monitor's name
/// and the condition's record (its identifier is the record's last event's).
package struct MonitoredCondition: Hashable, Sendable, Codable {
    /// The name of the monitor that holds the condition.
    package var monitor: String
    /// The condition and the last event for it.
    package var record: MonitorRecord

    /// The identifier the condition was added under.
    package var identifier: String { record.lastEvent.identifier }

    /// Creates a kept condition.
    ///
    /// - Parameters:
    ///   - monitor: The monitor's name.
    ///   - record: The condition and its last event.
    package init(monitor: String, record: MonitorRecord) {
        self.monitor = monitor
        self.record = record
    }
}
