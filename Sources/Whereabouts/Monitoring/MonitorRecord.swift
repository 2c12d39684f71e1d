/// A condition a monitor holds and the last event delivered for it, as Core Location's `CLMonitor.Record`.
///
/// ```swift
/// if let record = await monitor.record(for: "office"), record.lastEvent.state == .satisfied {
///     showCheckInButton()
/// }
/// ```
public struct MonitorRecord: Hashable, Sendable, Codable {
    /// The condition.
    public var condition: MonitorCondition
    /// The last event for it: at first the state the app assumed when it added the condition.
    public var lastEvent: MonitorEvent

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - condition: The condition.
    ///   - lastEvent: The last event for it.
    public init(condition: MonitorCondition, lastEvent: MonitorEvent) {
        self.condition = condition
        self.lastEvent = lastEvent
    }
}
