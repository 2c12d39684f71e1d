/// A named set of conditions the system monitors for the app, as Core Location's `CLMonitor`: a `Sendable` struct of
/// `async` closures, opened with ``LocationClient/openMonitor``.
///
/// The conditions and their records outlive the app: a monitor opened again under the same name, after a relaunch,
/// holds them still, and the events that came while the app was not running wait in ``events`` (as iOS re-emits each
/// condition's state when the app opens its monitor at launch). At most one monitor of a name is open at a time;
/// ``close`` ends it, as releasing a `CLMonitor` does.
///
/// A monitor's circular conditions count against the same budget as the app's regions (20 on iOS): a condition over
/// the budget is kept, but its events say ``MonitorEvent/Flag/conditionLimitExceeded`` and its state is
/// ``MonitorConditionState/unmonitored``.
///
/// ```swift
/// let monitor = try await client.openMonitor("places")
/// await monitor.add(.circularGeographic(center: office, radius: 150), identifier: "office", assuming: .unsatisfied)
/// for await event in await monitor.events() where event.flags.isEmpty {
///     print(event.identifier, event.state)
/// }
/// ```
///
/// In a test, replace any endpoint:
///
/// ```swift
/// var monitor = ConditionMonitor.unimplemented(name: "places")   // WhereaboutsTesting
/// monitor.identifiers = { ["office"] }
/// ```
public struct ConditionMonitor: Sendable {
    /// The monitor's name.
    public var name: String
    /// The identifiers of the conditions the monitor holds, in the order they were added.
    public var identifiers: @Sendable () async -> [String]
    /// Adds a condition under an identifier, with the state the app assumes it is in (`.unknown` when it cannot
    /// say); a condition already held under the identifier is replaced, and its record starts again.
    public var add:
        @Sendable (_ condition: MonitorCondition, _ identifier: String, _ assumedState: MonitorConditionState) async ->
            Void
    /// Removes the condition of an identifier and its record; an identifier the monitor does not hold is ignored.
    public var remove: @Sendable (_ identifier: String) async -> Void
    /// The condition of an identifier and the last event delivered for it, or `nil` when the monitor does not hold it.
    public var record: @Sendable (_ identifier: String) async -> MonitorRecord?
    /// The monitor's events from now on, those that waited for the app first. One stream at a time: a new call
    /// finishes the stream an earlier call returned.
    public var events: @Sendable () async -> AsyncStream<MonitorEvent>
    /// Closes the monitor: its stream finishes, and its conditions stay monitored for the next time it is opened.
    public var close: @Sendable () async -> Void

    /// Creates a monitor from its endpoints.
    ///
    /// - Parameters:
    ///   - name: The monitor's name.
    ///   - identifiers: The identifiers of the conditions held.
    ///   - add: Adds a condition with an assumed state.
    ///   - remove: Removes a condition.
    ///   - record: A condition's record.
    ///   - events: The events from now on.
    ///   - close: Closes the monitor.
    public init(
        name: String,
        identifiers: @escaping @Sendable () async -> [String],
        add: @escaping @Sendable (MonitorCondition, String, MonitorConditionState) async -> Void,
        remove: @escaping @Sendable (String) async -> Void,
        record: @escaping @Sendable (String) async -> MonitorRecord?,
        events: @escaping @Sendable () async -> AsyncStream<MonitorEvent>,
        close: @escaping @Sendable () async -> Void
    ) {
        self.name = name
        self.identifiers = identifiers
        self.add = add
        self.remove = remove
        self.record = record
        self.events = events
        self.close = close
    }

    /// Adds a condition, with the labels at the call site, as `CLMonitor.add(_:identifier:assuming:)`.
    ///
    /// - Parameters:
    ///   - condition: The condition.
    ///   - identifier: The app's name for it, unique in the monitor.
    ///   - state: The state the app assumes it is in; `.unknown` when it cannot say.
    public func add(
        _ condition: MonitorCondition,
        identifier: String,
        assuming state: MonitorConditionState = .unknown
    ) async {
        await add(condition, identifier, state)
    }

    /// The record of an identifier, with the label at the call site, as `CLMonitor.record(for:)`.
    ///
    /// - Parameter identifier: The condition's identifier.
    /// - Returns: The record, or `nil` when the monitor does not hold the identifier.
    public func record(for identifier: String) async -> MonitorRecord? {
        await record(identifier)
    }
}
