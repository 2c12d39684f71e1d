/// The state of a monitored condition, as Core Location's `CLMonitor.Event.State`.
///
/// A condition starts in the state the app assumed when it added it (``unknown`` unless it said otherwise), and each
/// change the system sees is an event in ``ConditionMonitor/events``.
public enum MonitorConditionState: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The system does not know yet (`.unknown`).
    case unknown
    /// The condition holds: the device is inside the circle, the beacon is in range (`.satisfied`).
    case satisfied
    /// The condition does not hold (`.unsatisfied`).
    case unsatisfied
    /// The system does not monitor the condition: it cannot (a beacon without ranging) or may not (too many
    /// conditions) (`.unmonitored`, iOS 18).
    case unmonitored

    /// The state's name, as scenarios and machine output spell it.
    public var description: String { rawValue }
}
