/// Termination and relaunch, as iOS does them: terminating the app ends what lives in its process and keeps what the
/// system keeps; while the app is not running, an event of a service it kept relaunches it in the background, and the
/// event reaches it only through a location manager it makes at launch.
extension SimulatedOS {
    /// Gives the app's launch code: it runs at each launch — by the person (``handle(_:)`` with
    /// ``LifecycleEvent/launch`` while the app is not running; the reason is `nil`) and by the system in the background
    /// (with the ``LaunchReason``) — as `application(_:didFinishLaunchingWithOptions:)` runs on a device.
    ///
    /// This is how a test says what the app does at launch, and then asserts on it: make the location manager that
    /// receives the event that launched the app, resume a background activity session, start a service session.
    /// Several pieces of launch code run in the order given. ``settleLaunch()`` waits until the current launch's code
    /// has returned.
    ///
    /// ```swift
    /// let app = RecordingApp()                       // the test's own record of what the app did
    /// await os.onLaunch { reason in
    ///     guard reason != nil else { return }
    ///     let client = LocationClient.simulated(os: os, source: ScriptedSource())
    ///     await app.keep(client.events())           // the manager: the event that launched the app arrives here
    ///     await app.keep(await client.startBackgroundSession())
    /// }
    /// ```
    ///
    /// - Parameter code: What the app does at launch; it receives why the system launched it, or `nil`.
    public func onLaunch(_ code: @escaping @Sendable (LaunchReason?) async -> Void) {
        relaunch.launchCode.append(code)
    }

    /// Waits until the launch code (``onLaunch(_:)``) of the launches so far has returned.
    public func settleLaunch() async {
        await relaunch.launchTask?.value
    }

    /// Why the system launched the app in the background, while that launch runs: `nil` after a launch by the person
    /// and while the app is not running. ``appState`` is ``AppState/background`` after such a launch.
    public var launchReason: LaunchReason? { relaunch.reason }

    /// The app's activity for one of its location managers (``applicationActivity()``): it ends when the app's process
    /// does, while a device's own listener (the application object) follows the app across launches.
    ///
    /// - Returns: The stream.
    package func managerActivity() -> AsyncStream<ApplicationActivity> {
        let id = nextSubscriberID
        let stream = applicationActivity()
        relaunch.managerActivity.insert(id)
        return stream
    }

    /// What became of the events that launched the app last (for the scenario runner and tests).
    package var launchEventFate: LaunchEventFate {
        expireLaunchWindowIfDue()
        return relaunch.fate
    }

    /// Launches the terminated app in the background for a reason, as the system does when the reason's event
    /// arrives, without an event: for a test or a scenario that says "the system launched the app" without saying
    /// where the device went. (A fix that crosses a monitored region, makes a visit or a significant change while the
    /// app is not running relaunches it by itself, with the event.)
    ///
    /// iOS launches an app only for a service the app kept running when it ended, and only when its authorization
    /// lets the service's events reach it while not in use; otherwise nothing happens.
    ///
    /// - Parameter reason: Why the system launches the app.
    /// - Returns: Whether the app was launched: `false` while it runs, when it does not monitor what `reason` names,
    ///   or when its authorization does not allow a relaunch for it.
    @discardableResult
    public func launchInBackground(_ reason: LaunchReason) async -> Bool {
        guard keepsService(for: reason), policy.relaunches(for: reason) else { return false }
        relaunchApp(for: reason, with: [])
        return true
    }

    /// Whether the app kept running, when it ended, the service whose event is `reason`.
    func keepsService(for reason: LaunchReason) -> Bool {
        switch reason {
        case .regionEntry: regions.values.contains { $0.region.notifyOnEntry }
        case .regionExit: regions.values.contains { $0.region.notifyOnExit }
        case .visit: visitsActive
        case .significantLocationChange: significantChangesActive
        case .backgroundActivitySession: policy.resumableBackgroundSession
        case .monitorEvent: monitorsConditions
        }
    }

    /// Routes an event of a monitor (a region crossing, a visit, a significant change) the rules let reach the app:
    /// while the app is not running it relaunches the app, which holds the event for the manager it makes; while a
    /// relaunched app has made none yet, the event waits with the others.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - reason: The launch reason it gives.
    /// - Returns: Whether the caller hands the event to the app's managers now.
    func routeMonitorEvent(_ event: LocationEvent, reason: LaunchReason) -> Bool {
        if policy.appState == .notRunning {
            if policy.relaunches(for: reason) { relaunchApp(for: reason, with: [event]) }
            return false
        }
        expireLaunchWindowIfDue()
        guard relaunch.deadline != nil, !relaunch.madeManager else { return true }
        relaunch.pending.append(event)
        if relaunch.fate != .waiting { relaunch.fate = .waiting }
        return false
    }

    /// The next fix of the source that fed the app's live updates when it ended with a background activity session
    /// active relaunches it, to resume the session.
    ///
    /// - Parameter key: The fix's source; `nil` for a fix ingested by hand.
    func relaunchForSessionIfDue(fixFrom key: SourceSlot.Key?) {
        guard let feed = relaunch.sessionFeed, key == nil || key == feed,
            policy.relaunches(for: .backgroundActivitySession)
        else { return }
        relaunchApp(for: .backgroundActivitySession, with: [])
    }

    /// Whether this slot's source must be read while the app is not running: it feeds a session's relaunch.
    func feedsSessionRelaunch(_ key: SourceSlot.Key) -> Bool {
        relaunch.sessionFeed == key && policy.appState == .notRunning
    }

    /// A location manager of the running app was made (its first call on the OS): the events that wait for the
    /// relaunched app's first manager reach it — a region's or a visit's; a significant change's waits until the app
    /// starts significant-change monitoring again, as Apple documents.
    ///
    /// - Parameter client: The manager's source; `nil` for the engine's own consumers (the scenario's app).
    /// - Returns: The events for the manager to deliver, in order, after the authorization it hears first.
    package func takeLaunchEvents(for client: SourceAttachment?) -> [LocationEvent] {
        expireLaunchWindowIfDue()
        guard policy.appState != .notRunning, !relaunch.madeManager else { return [] }
        relaunch.madeManager = true
        guard relaunch.deadline != nil else { return [] }
        var now: [LocationEvent] = []
        var later: [LocationEvent] = []
        for event in relaunch.pending {
            if case .didUpdateLocations = event { later.append(event) } else { now.append(event) }
        }
        relaunch.pending = later
        if later.isEmpty, relaunch.fate == .waiting { relaunch.fate = .delivered }
        return now
    }

    /// A location manager of the relaunched app started significant-change monitoring again: the significant changes
    /// that launched the app reach it now.
    ///
    /// - Parameter key: The manager's slot.
    func handLaunchSignificantChanges(to key: SourceSlot.Key) {
        expireLaunchWindowIfDue()
        guard relaunch.deadline != nil, policy.appState != .notRunning else { return }
        relaunch.madeManager = true
        var others: [LocationEvent] = []
        for event in relaunch.pending {
            guard case .didUpdateLocations(let locations) = event, let last = locations.last else {
                others.append(event)
                continue
            }
            recordDelivery(last, precise: policy.deliversPreciseFixes)
            deliveredCount += 1
            send(event, to: key)
        }
        // A region's or a visit's event still waiting reaches this manager too: it is the app's first.
        for event in others { send(event, to: key) }
        relaunch.pending = []
        if relaunch.fate == .waiting { relaunch.fate = .delivered }
    }

    /// Ends the launch's window when its time has come: events still waiting are lost, and a background activity
    /// session kept from the last run and not resumed ends.
    func expireLaunchWindowIfDue() {
        guard let deadline = relaunch.deadline, elapsed() >= deadline else { return }
        relaunch.deadline = nil
        relaunch.timer?.cancel()
        relaunch.timer = nil
        relaunch.sessionFeed = nil
        if !relaunch.pending.isEmpty {
            relaunch.pending = []
            relaunch.fate = .lost
        }
        update { $0.launchWindowEnded() }
        resumableSessionSnapshot.current = false
        stateDidChange()
    }

    /// The system launches the app in the background.
    func relaunchApp(for reason: LaunchReason, with events: [LocationEvent]) {
        update { $0.launchInBackground() }
        appStateSnapshot.current = policy.appState
        relaunch.reason = reason
        relaunch.pending = events
        relaunch.madeManager = false
        relaunch.fate = events.isEmpty ? .none : .waiting
        let window = options.relaunchWindow
        relaunch.deadline = elapsed() + window
        let clock = clock
        relaunch.timer = Task {
            do { try await clock.sleep(for: window) } catch { return }
            self.expireLaunchWindowIfDue()
        }
        resumableSessionSnapshot.current = policy.resumableBackgroundSession
        stateDidChange()
        runLaunchCode(reason)
    }

    /// The person launched the app: its launch code runs, with no reason.
    func launchedByPerson() {
        relaunch.reason = nil
        relaunch.madeManager = false
        resumableSessionSnapshot.current = policy.resumableBackgroundSession
        runLaunchCode(nil)
    }

    /// Runs the app's launch code for this launch, after the code of the launches before it.
    private func runLaunchCode(_ reason: LaunchReason?) {
        let code = relaunch.launchCode
        guard !code.isEmpty else { return }
        let previous = relaunch.launchTask
        relaunch.launchTask = Task {
            await previous?.value
            for piece in code { await piece(reason) }
        }
    }

    /// Where the app's live updates came from, when it ends with a background activity session active: that
    /// source's next fix relaunches it to resume the session.
    var sessionFeedAtTermination: SourceSlot.Key? {
        guard policy.backgroundSessionActive else { return nil }
        return standardConsumerKeys.map { serving($0) }.min { "\($0)" < "\($1)" }
    }

    /// The app's process ended: its location managers hear nothing more (their delegate events and the app's
    /// notifications end), the events waiting for a relaunched app are lost, and its launch's window closes. What the
    /// system keeps — the grant, the regions, significant-change and visit monitoring, a session that may be resumed
    /// — stays.
    ///
    /// - Parameter sessionFeed: The source whose next fix relaunches the app to resume its session, if any.
    func processEnded(sessionFeed: SourceSlot.Key?) {
        processSnapshot.update { $0 += 1 }
        let managers = slotEventContinuations
        slotEventContinuations.removeAll()
        for entry in managers.values { entry.continuation.finish() }
        for id in relaunch.managerActivity.sorted() { activityContinuations.removeValue(forKey: id)?.finish() }
        relaunch.managerActivity.removeAll()
        if !relaunch.pending.isEmpty { relaunch.fate = .lost }
        relaunch.pending = []
        relaunch.reason = nil
        relaunch.deadline = nil
        relaunch.timer?.cancel()
        relaunch.timer = nil
        relaunch.madeManager = false
        relaunch.sessionFeed = sessionFeed
        resumableSessionSnapshot.current = policy.resumableBackgroundSession
        monitorsProcessEnded()
    }
}
