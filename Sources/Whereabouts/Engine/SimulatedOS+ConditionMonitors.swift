import Foundation

/// Condition monitors (rule 18), as iOS 17's `CLMonitor` with iOS 18's event flags: named monitors whose conditions
/// and records the system keeps across launches, evaluated on the raw fixes where regions are.
extension SimulatedOS {
    /// Opens the app's condition monitor of a name, as `CLMonitor(_:)` does; its conditions are those kept under the
    /// name (none the first time).
    ///
    /// The first opening of a name after a launch re-emits each condition's last event
    /// (``MonitorQuirks/reemitsStateAtLaunch``), except where an event of the condition already waits.
    ///
    /// - Parameters:
    ///   - name: The monitor's name.
    ///   - client: The source of the client that opens it, which then feeds the monitors; `nil` for the OS's own.
    /// - Returns: The monitor.
    /// - Throws: ``LocationError/Code/conditionMonitoringUnavailable`` where the platform has no monitors;
    ///   ``LocationError/Code/monitorNameUnavailable`` for an empty name or one already open.
    package func openMonitor(
        _ name: String,
        for client: SourceAttachment? = nil
    ) throws(LocationError)
        -> ConditionMonitor
    {
        if let error = policy.conditionMonitoringError { throw error }
        guard !name.isEmpty else {
            throw .monitorNameUnavailable(name, reason: "a monitor needs a name; give it one that says what it watches")
        }
        guard monitors.open[name] == nil else {
            throw .monitorNameUnavailable(
                name,
                reason: "a monitor of this name is already open; use it, or close it before opening the name again"
            )
        }
        let id = monitors.nextID
        monitors.nextID += 1
        monitors.open[name] = ConditionMonitorState.Opened(id: id, stream: nil)
        if !monitors.openedThisLaunch.contains(name) {
            monitors.openedThisLaunch.insert(name)
            if options.monitorQuirks.reemitsStateAtLaunch { reemitStates(of: name) }
        }
        if monitors.entries.contains(where: { $0.kept.record.condition.isCircularGeographic }) {
            feedMonitors(from: slot(of: client))
        }
        stateDidChange()
        return conditionMonitor(name, id: id, client: client)
    }

    /// The monitor's endpoints on this OS: each does nothing once the opening `id` is closed.
    private nonisolated func conditionMonitor(_ name: String, id: Int, client: SourceAttachment?) -> ConditionMonitor {
        ConditionMonitor(
            name: name,
            identifiers: { await self.conditionIdentifiers(of: name) },
            add: { condition, identifier, assumed in
                await self.addCondition(condition, identifier, assuming: assumed, to: name, opening: id, for: client)
            },
            remove: { identifier in await self.removeCondition(identifier, from: name, opening: id) },
            record: { identifier in await self.conditionRecord(identifier, in: name) },
            events: { await self.monitorEvents(of: name, opening: id) },
            close: { await self.closeMonitor(name, opening: id) }
        )
    }

    /// The identifiers of a monitor's conditions, in the order they were added.
    func conditionIdentifiers(of name: String) -> [String] {
        monitors.entries.filter { $0.kept.monitor == name }.map(\.kept.identifier)
    }

    /// A condition's record, or `nil`.
    func conditionRecord(_ identifier: String, in name: String) -> MonitorRecord? {
        monitors.index(of: identifier, in: name).map { monitors.entries[$0].kept.record }
    }

    /// Adds (or replaces) a condition: its record starts from the assumed state, and it counts last in the budget.
    func addCondition(
        _ condition: MonitorCondition,
        _ identifier: String,
        assuming assumed: MonitorConditionState,
        to name: String,
        opening id: Int,
        for client: SourceAttachment?
    ) {
        guard monitors.open[name]?.id == id else { return }
        if let index = monitors.index(of: identifier, in: name) { monitors.entries.remove(at: index) }
        monitors.waiting[name]?.removeAll { $0.identifier == identifier }
        let first = MonitorEvent(identifier: identifier, state: assumed, date: monitorDate)
        let record = MonitorRecord(condition: condition, lastEvent: first)
        monitors.entries.append(
            ConditionMonitorState.Entry(
                kept: MonitoredCondition(monitor: name, record: record),
                observed: lastRawFix.flatMap { Self.observedState(of: condition, at: $0) }
            )
        )
        if condition.isCircularGeographic { feedMonitors(from: slot(of: client)) }
        keepConditions()
        stateDidChange()
    }

    /// Removes a condition and its record.
    func removeCondition(_ identifier: String, from name: String, opening id: Int) {
        guard monitors.open[name]?.id == id, let index = monitors.index(of: identifier, in: name) else { return }
        monitors.entries.remove(at: index)
        monitors.waiting[name]?.removeAll { $0.identifier == identifier }
        keepConditions()
        stateDidChange()
    }

    /// The monitor's events from now on, those that waited first; an earlier stream finishes.
    func monitorEvents(of name: String, opening id: Int) -> AsyncStream<MonitorEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: MonitorEvent.self)
        guard var opened = monitors.open[name], opened.id == id else {
            continuation.finish()
            return stream
        }
        opened.stream?.continuation.finish()
        let streamID = monitors.nextID
        monitors.nextID += 1
        opened.stream = (streamID, continuation)
        monitors.open[name] = opened
        for event in monitors.waiting.removeValue(forKey: name) ?? [] { continuation.yield(event) }
        continuation.onTermination = { [weak self] _ in
            Task { await self?.streamEnded(of: name, streamID) }
        }
        return stream
    }

    /// A consumer stopped reading a stream: events wait again until the next one.
    private func streamEnded(of name: String, _ streamID: Int) {
        guard monitors.open[name]?.stream?.id == streamID else { return }
        monitors.open[name]?.stream = nil
    }

    /// Closes a monitor: its stream finishes; its conditions stay monitored.
    func closeMonitor(_ name: String, opening id: Int) {
        guard let opened = monitors.open[name], opened.id == id else { return }
        monitors.open[name] = nil
        opened.stream?.continuation.finish()
    }

    /// The app's process ended: its monitors close, and the next opening of each re-emits its states.
    func monitorsProcessEnded() {
        let opened = monitors.open
        monitors.open.removeAll()
        for entry in opened.values { entry.stream?.continuation.finish() }
        monitors.openedThisLaunch.removeAll()
    }

    /// The date the simulated OS gives an event: that of the last fix (it reads no wall clock).
    var monitorDate: Date { lastRawFix?.timestamp ?? Date(timeIntervalSinceReferenceDate: 0) }

    /// A circle's state at a fix; `nil` for a beacon.
    static func observedState(of condition: MonitorCondition, at fix: Location) -> MonitorConditionState? {
        condition.isSatisfied(at: fix.coordinate).map { $0 ? .satisfied : .unsatisfied }
    }

    /// Evaluates the circles on a raw fix (where regions are), then delivers what rule 18 lets through.
    ///
    /// - Parameter raw: The fix.
    func monitorConditions(_ raw: Location) {
        guard !monitors.entries.isEmpty else { return }
        var changed = false
        for index in monitors.entries.indices {
            let state = Self.observedState(of: monitors.entries[index].kept.record.condition, at: raw)
            guard let state, monitors.entries[index].observed != state else { continue }
            monitors.entries[index].observed = state
            changed = true
        }
        if changed { refreshConditions() }
    }

    /// Delivers, for each condition, what changed since its last event: a state change the rules let through now
    /// (held ones too, once the suspension ends, when the state differs from the record), or else new flags with the
    /// record's state. A change while the app is not running relaunches it when rule 16 allows.
    func refreshConditions() {
        guard !monitors.entries.isEmpty else { return }
        let overBudget = LocationPolicy.conditionsOverBudget(
            regions: regions.count,
            conditions: monitors.entries.map(\.kept.record.condition)
        )
        var delivered = false
        var relaunches = false
        for index in monitors.entries.indices {
            let entry = monitors.entries[index]
            let last = entry.kept.record.lastEvent
            let flags = policy.conditionFlags(
                for: entry.kept.record.condition,
                overBudget: overBudget[index],
                persistenceUnavailable: monitors.persistenceFailed
            )
            var state = LocationPolicy.forcedConditionState(flags: flags) ?? last.state
            var stateChanged = false
            if LocationPolicy.forcedConditionState(flags: flags) == nil {
                if state == .unmonitored { state = .unknown }
                if policy.mayDeliverConditionChange(flags: flags), let observed = entry.observed, observed != state {
                    state = observed
                    stateChanged = true
                }
            }
            guard state != last.state || flags != last.flags else { continue }
            let event = MonitorEvent(identifier: last.identifier, state: state, date: monitorDate, flags: flags)
            monitors.entries[index].kept.record.lastEvent = event
            let copies = stateChanged ? 1 + options.monitorQuirks.duplicateDeliveries : 1
            for _ in 0..<copies { deliverMonitorEvent(event, to: entry.kept.monitor) }
            delivered = true
            if stateChanged, policy.appState == .notRunning { relaunches = true }
        }
        guard delivered else { return }
        keepConditions()
        if relaunches, keepsService(for: .monitorEvent), policy.relaunches(for: .monitorEvent) {
            relaunchApp(for: .monitorEvent, with: [])
        }
    }

    /// Hands an event to the monitor's stream, or keeps it until one is open.
    private func deliverMonitorEvent(_ event: MonitorEvent, to name: String) {
        if let stream = monitors.open[name]?.stream {
            stream.continuation.yield(event)
        } else {
            monitors.waiting[name, default: []].append(event)
        }
    }

    /// Hands each condition's last event to a monitor opened for the first time since the launch, unless an event of
    /// the condition already waits for it.
    private func reemitStates(of name: String) {
        let waiting = Set((monitors.waiting[name] ?? []).map(\.identifier))
        for entry in monitors.entries where entry.kept.monitor == name && !waiting.contains(entry.kept.identifier) {
            monitors.waiting[name, default: []].append(entry.kept.record.lastEvent)
        }
    }

    /// Whether a monitor's circle within the budget runs while the app is not running (a monitor event may relaunch
    /// it).
    var monitorsConditions: Bool {
        let overBudget = LocationPolicy.conditionsOverBudget(
            regions: regions.count,
            conditions: monitors.entries.map(\.kept.record.condition)
        )
        return zip(monitors.entries, overBudget).contains { $0.kept.record.condition.isCircularGeographic && !$1 }
    }

    /// Keeps the conditions and their records with the grant, so they survive a relaunch.
    func keepConditions() {
        let kept = monitors.entries.map(\.kept)
        guard kept != policy.grant.monitorConditions else { return }
        update { $0.grant.monitorConditions = kept }
    }

    /// The consent store kept the grant, or failed to: while it fails, the conditions' events say
    /// `persistenceUnavailable`.
    ///
    /// - Parameter succeeded: Whether it kept it.
    func grantKept(_ succeeded: Bool) {
        guard monitors.persistenceFailed == succeeded else { return }
        monitors.persistenceFailed = !succeeded
        refreshConditions()
    }
}
