import Foundation

/// The monitor's loop: every input goes through one queue, so the planner sees them in order and its actions run one
/// after another (a removal finishes before the addition that takes its place).
extension GeofenceMonitor {
    /// Queues an input for the loop.
    func enqueue(_ input: GeofencePlanner.Input) {
        guard !stopped else { return }
        pending += 1
        inputContinuation.yield(input)
    }

    /// Handles the queued inputs, one at a time, until the monitor stops.
    func run() async {
        for await input in inputs {
            await handle(input)
            finishedOne()
            wakeQuietWaiters()
        }
    }

    /// One queued input is done; wakes ``settle()``'s waiters when none is left.
    private func finishedOne() {
        pending -= 1
        guard pending == 0 else { return }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    private func handle(_ input: GeofencePlanner.Input) async {
        guard var planner else { return }
        let actions = planner.handle(input)
        self.planner = planner
        for action in actions {
            switch action {
            case .add(let condition, let assumed):
                await monitor?.add(
                    .circularGeographic(center: condition.center, radius: condition.radius),
                    identifier: condition.identifier,
                    assuming: Self.state(assumed)
                )
            case .remove(let identifier):
                await monitor?.remove(identifier)
            case .requestFix:
                fetching += 1
                tasks.append(Task { await self.fetchFix() })
            case .emit(let event):
                eventContinuation.yield(event)
            }
            mostConditionsHeld = max(mostConditionsHeld, conditionCount)
        }
    }

    /// Asks the client for one fix and feeds the answer back, or ``GeofencePlanner/Input/fixUnavailable(at:)`` when
    /// none comes within ``GeofenceOptions/fixTimeout``.
    private func fetchFix() async {
        let client = client
        let clock = clock
        let timeout = options.fixTimeout
        let fix: Location? = await withTaskGroup(of: Location?.self) { group in
            group.addTask { try? await client.requestLocation() }
            group.addTask {
                try? await clock.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        fixesFetched += 1
        fetching -= 1
        if let fix {
            note(fix.timestamp)
            if mode == .conditions {
                enqueue(.fix(fix))
            } else {
                // The monitor evaluates the fix itself; the planner's request is closed without one, so it plans no
                // condition the system would not report.
                enqueue(.evaluate(fix, detection: detection))
                enqueue(.fixUnavailable(at: .distantFuture))
            }
        } else {
            enqueue(.fixUnavailable(at: latestDate ?? Date()))
        }
    }

    /// Follows the client's events: delivered fixes feed the planner (or are evaluated), visits wake it.
    func followEvents(_ events: AsyncStream<LocationEvent>) async {
        for await event in events {
            switch event {
            case .didUpdateLocations(let locations):
                fixesSeen += 1
                defer { wakeQuietWaiters() }
                for fix in locations {
                    note(fix.timestamp)
                    if mode == .conditions {
                        guard options.wakeSources.contains(.foregroundFixes) || startedSignificantChanges else {
                            continue
                        }
                        enqueue(.fix(fix))
                    } else {
                        // Every fix of a batch: a fence crossed and left within one batch is still seen.
                        enqueue(.evaluate(fix, detection: detection))
                    }
                }
            case .didVisit(let visit) where startedVisits:
                note(visit.departureDate ?? visit.arrivalDate)
                enqueue(.woke)
            default:
                continue
            }
        }
    }

    /// Follows the authorization: under reduced accuracy the system reports no condition, so the monitor evaluates
    /// the fixes itself; back at full accuracy it plans again.
    func followAuthorization(_ updates: AsyncStream<Authorization>) async {
        for await authorization in updates {
            let next = Self.mode(accuracy: authorization.accuracy, hasMonitor: monitor != nil)
            guard next != mode else { continue }
            mode = next
            await followMode()
            if next == .conditions { enqueue(.woke) }
        }
    }

    /// Follows the condition monitor's events: a state with no flag is news of a fence or of the ring; an event with
    /// flags says the system holds events back, and changes nothing.
    func followMonitor(_ events: AsyncStream<MonitorEvent>) async {
        for await event in events {
            monitorEventsSeen += 1
            defer { wakeQuietWaiters() }
            note(event.date)
            if event.accuracyLimited, mode == .conditions {
                mode = .evaluating(.approximate)
                await followMode()
                continue
            }
            guard event.flags.isEmpty, mode == .conditions else { continue }
            enqueue(.monitorEvent(identifier: event.identifier, state: Self.belief(event.state), date: event.date))
        }
    }

    /// While the monitor evaluates fixes itself, it needs them: it runs location updates on its client then (when
    /// the options allow foreground fixes), and stops them when the system's conditions report again.
    func followMode() async {
        let evaluating = mode != .conditions && options.wakeSources.contains(.foregroundFixes)
        guard evaluating != startedUpdates, !stopped else { return }
        startedUpdates = evaluating
        if evaluating { await client.startUpdatingLocation() } else { await client.stopUpdatingLocation() }
    }

    /// Starts the wake sources the options allow and the authorization permits: significant changes and visits need
    /// Always.
    func startWakeSources() async {
        guard monitor != nil, await client.authorization().status == .authorizedAlways else { return }
        if options.wakeSources.contains(.significantChanges),
            await client.significantLocationChangeMonitoringAvailable()
        {
            await client.startMonitoringSignificantLocationChanges()
            startedSignificantChanges = true
        }
        if options.wakeSources.contains(.visits), (try? await client.startMonitoringVisits()) != nil {
            startedVisits = true
        }
    }

    /// How crossings are learnt under an accuracy: from the system's conditions at full accuracy where there is a
    /// monitor; else from the fixes the app receives, approximate ones under reduced accuracy.
    static func mode(accuracy: AccuracyAuthorization, hasMonitor: Bool) -> Mode {
        if accuracy == .reducedAccuracy { return .evaluating(.approximate) }
        return hasMonitor ? .conditions : .evaluating(.inferred)
    }

    private var detection: GeofenceEvent.Detection {
        if case .evaluating(let detection) = mode { return detection }
        return .monitored
    }

    private func note(_ date: Date) {
        latestDate = max(latestDate ?? date, date)
    }

    private static func state(_ belief: GeofenceBelief.State) -> MonitorConditionState {
        switch belief {
        case .inside: .satisfied
        case .outside: .unsatisfied
        case .unknown: .unknown
        }
    }

    private static func belief(_ state: MonitorConditionState) -> GeofenceBelief.State {
        switch state {
        case .satisfied: .inside
        case .unsatisfied: .outside
        case .unknown, .unmonitored: .unknown
        }
    }
}
