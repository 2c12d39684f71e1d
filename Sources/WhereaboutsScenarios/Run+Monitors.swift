import Foundation
import Whereabouts

/// Condition monitors and geofences in a scenario: the `openMonitor`, `closeMonitor`, `addCondition`,
/// `removeCondition`, `startGeofences` and `stopGeofences` steps, the events they bring, and `expect`'s
/// `conditionStates`, `monitorEvents`, `lastMonitorEvent` and `geofenceEvents`.
extension Run {
    /// What the scenario's app collected from its monitors and geofences.
    final class MonitorState: @unchecked Sendable {
        // @unchecked: the collections are written by the collecting tasks and read by the run's steps, each under
        // the lock.
        let monitorEvents = LockedValue<[MonitorEvent]>([])
        let geofenceEvents = LockedValue<[GeofenceEvent]>([])
        var monitors: [String: ConditionMonitor] = [:]
        var collectors: [String: Task<Void, Never>] = [:]
        var client: LocationClient?
        var geofences: GeofenceMonitor?
        var geofenceCollector: Task<Void, Never>?
    }

    /// The client the app's monitors and geofences use, made on first use.
    private func monitorClient() -> LocationClient {
        if let client = state.monitors.client { return client }
        // The scenario's fixes are handed to every location manager of the app (the engine's `ingest`), so this
        // client's manager shares the source the engine reads.
        let client = LocationClient.simulated(os: engine, source: source)
        state.monitors.client = client
        return client
    }

    /// Performs a step of monitors or geofences.
    func perform(monitorAction action: Scenario.Action, notes: inout [String]) async {
        let monitors = state.monitors
        switch action {
        case .openMonitor(let name):
            guard monitors.monitors[name] == nil else { return notes.append("monitor \(name) is already open") }
            do {
                let monitor = try await monitorClient().openMonitor(name)
                monitors.monitors[name] = monitor
                let events = await monitor.events()
                let collected = monitors.monitorEvents
                monitors.collectors[name] = Task {
                    for await event in events { collected.update { $0.append(event) } }
                }
                let count = await monitor.identifiers().count
                notes.append("monitor \(name) opened (\(Self.conditions(count)))")
            } catch let error as LocationError {
                record(monitorError: error, notes: &notes)
            } catch {
                notes.append("error: \(error)")
            }
        case .closeMonitor(let name):
            guard let monitor = monitors.monitors.removeValue(forKey: name) else {
                return notes.append("monitor \(name) is not open")
            }
            await monitor.close()
            monitors.collectors.removeValue(forKey: name)?.cancel()
            notes.append("monitor \(name) closed")
        case .addCondition(let name, let id, let condition, let assumed):
            guard let monitor = monitors.monitors[name] else {
                return notes.append("monitor \(name) is not open: open it first (openMonitor)")
            }
            await monitor.add(condition, identifier: id, assuming: assumed)
            notes.append("condition \(id) added to \(name) (\(Self.conditions(await monitor.identifiers().count)))")
        case .removeCondition(let name, let id):
            guard let monitor = monitors.monitors[name] else {
                return notes.append("monitor \(name) is not open: open it first (openMonitor)")
            }
            await monitor.remove(id)
            notes.append("condition \(id) removed from \(name) (\(Self.conditions(await monitor.identifiers().count)))")
        case .startGeofences(let fences):
            guard monitors.geofences == nil else { return notes.append("geofences are already running") }
            let geofences = GeofenceMonitor(client: monitorClient(), fences: fences, clock: clock)
            do {
                try await geofences.start()
            } catch let error as LocationError {
                return record(monitorError: error, notes: &notes)
            } catch {
                return notes.append("error: \(error)")
            }
            monitors.geofences = geofences
            let collected = monitors.geofenceEvents
            monitors.geofenceCollector = Task {
                for await event in geofences.events { collected.update { $0.append(event) } }
            }
            notes.append("geofences started (\(fences.count) fence\(fences.count == 1 ? "" : "s"))")
        case .stopGeofences:
            guard let geofences = monitors.geofences else { return notes.append("geofences were not running") }
            await settleMonitors()
            await geofences.stop(removingConditions: true)
            monitors.geofences = nil
            _ = await monitors.geofenceCollector?.value
            monitors.geofenceCollector = nil
            notes.append("geofences stopped")
        default:
            return
        }
    }

    /// Lets the app's monitors and geofences take in what the step caused, until three rounds in a row find nothing
    /// new and nothing on its way.
    ///
    /// What the system hands a location manager reaches its client through the main actor, which runs on a thread of
    /// its own: a round waits for the main actor's queue as well as the pool's, so a busy machine cannot make a round
    /// pass while an event is still queued there. A fix the geofence monitor asked for is on its way while the monitor
    /// waits for it and the system no longer does (it answered); the rounds go on until it arrives.
    func settleMonitors() async {
        let monitors = state.monitors
        guard !monitors.monitors.isEmpty || monitors.geofences != nil else { return }
        var last = (-1, -1, -1, -1)
        var stableRounds = 0
        for _ in 0..<1000 {
            for _ in 0..<5 { await Task.yield() }
            await MainActor.run {}
            for _ in 0..<5 { await Task.yield() }
            await monitors.geofences?.settle()
            let now = (
                monitors.monitorEvents.current.count, monitors.geofenceEvents.current.count,
                await monitors.geofences?.monitorEventsSeen ?? 0,
                (await monitors.geofences?.fixesFetched ?? 0) + (await monitors.geofences?.fixesSeen ?? 0)
            )
            let fetching = await monitors.geofences?.isFetching ?? false
            let systemWaits = await engine.hasOutstandingLocationRequests
            let answerOnItsWay = fetching && !systemWaits
            if now == last, !answerOnItsWay, await monitors.geofences?.isIdle ?? true {
                stableRounds += 1
                if stableRounds == 3 { return }
            } else {
                stableRounds = 0
            }
            last = now
        }
    }

    /// Notes the events the app received during a step.
    func noteMonitorEvents(since before: (monitor: Int, geofence: Int), notes: inout [String]) {
        let monitorEvents = state.monitors.monitorEvents.current
        for event in monitorEvents.dropFirst(before.monitor) {
            let flags =
                event.flags.isEmpty ? "" : " [" + event.flags.sorted().map(\.rawValue).joined(separator: ", ") + "]"
            notes.append("monitor event \(event.identifier) \(event.state)\(flags)")
        }
        for event in state.monitors.geofenceEvents.current.dropFirst(before.geofence) {
            notes.append("geofence \(event.transition.rawValue) \(event.fenceID) (\(event.detection.rawValue))")
        }
    }

    /// How many events the app received so far, to note the new ones after a step.
    var monitorEventCounts: (monitor: Int, geofence: Int) {
        (state.monitors.monitorEvents.current.count, state.monitors.geofenceEvents.current.count)
    }

    /// The app's process ended: its monitors close and its geofence monitor stops, keeping their conditions.
    func monitorsEndWithTheApp() async {
        let monitors = state.monitors
        for (_, monitor) in monitors.monitors { await monitor.close() }
        for (_, collector) in monitors.collectors { collector.cancel() }
        monitors.monitors = [:]
        monitors.collectors = [:]
        await monitors.geofences?.stop()
        monitors.geofences = nil
        monitors.geofenceCollector = nil
        monitors.client = nil
    }

    /// Checks `conditionStates`, `monitorEvents`, `lastMonitorEvent` and `geofenceEvents`.
    func checkMonitors(_ expectation: Scenario.Expectation) async -> [String] {
        var failures: [String] = []
        let monitors = state.monitors
        for (id, expected) in (expectation.conditionStates ?? [:]).sorted(by: { $0.key < $1.key }) {
            var found: MonitorRecord?
            for name in monitors.monitors.keys.sorted() {
                if let record = await monitors.monitors[name]?.record(for: id) {
                    found = record
                    break
                }
            }
            guard let found else {
                failures.append("condition \(id) is held by no open monitor, expected \(expected)")
                continue
            }
            if found.lastEvent.state != expected {
                failures.append("condition \(id) is \(found.lastEvent.state), expected \(expected)")
            }
        }
        let events = monitors.monitorEvents.current
        if let expected = expectation.monitorEvents, expected != events.count {
            failures.append("monitorEvents is \(events.count), expected \(expected)")
        }
        if let expected = expectation.lastMonitorEvent {
            if let last = events.last {
                let actual = Scenario.Expectation.MonitorEventExpectation(
                    id: expected.id == nil ? nil : last.identifier,
                    state: expected.state == nil ? nil : last.state,
                    flags: expected.flags == nil ? nil : last.flags
                )
                if actual != expected { failures.append("lastMonitorEvent is \(actual), expected \(expected)") }
            } else {
                failures.append("lastMonitorEvent: the app has received no monitor event, expected \(expected)")
            }
        }
        if let expected = expectation.geofenceEvents {
            let actual = monitors.geofenceEvents.current.map { "\($0.transition.rawValue) \($0.fenceID)" }
            if actual != expected {
                failures.append(
                    "geofenceEvents are [\(actual.joined(separator: ", "))], expected [\(expected.joined(separator: ", "))]"
                )
            }
        }
        return failures
    }

    private func record(monitorError error: LocationError, notes: inout [String]) {
        state.result = error.code.rawValue
        notes.append("error \(error.code): \(error)")
    }

    static func conditions(_ count: Int) -> String { count == 1 ? "1 condition" : "\(count) conditions" }
}
