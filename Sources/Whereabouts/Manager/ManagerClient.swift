/// Turns a Core Location manager into Whereabouts' async API, and makes every request complete.
///
/// iOS makes the decisions here, not the ``Whereabouts/SimulatedOS``; the adapter's work is to
/// keep rule 0 where Core Location does not: a request iOS would silently ignore (the status is
/// already decided, a usage description is missing, the app is in the background, Always was asked
/// before) completes at once with an outcome that says so, and an upgrade prompt answered with "Keep
/// Only While Using" (which sends no callback) completes when the app becomes active again. Each
/// continuation is resumed exactly once. It runs on the main actor, where Core Location delivers its
/// callbacks.
@MainActor
package final class ManagerClient {
    /// How long the adapter waits for things iOS does not announce.
    package struct Timing: Sendable {
        /// How long after an upgrade request the app must resign active (the prompt covering it) for
        /// the adapter to believe a prompt is on screen; otherwise iOS ignored the request.
        package var promptAppearance: Duration = .seconds(2)
        /// How long after the app becomes active again the adapter waits for the authorization callback
        /// before it decides the prompt was dismissed without a change.
        package var promptSettle: Duration = .milliseconds(500)

        /// Creates timings; the defaults fit a device.
        ///
        /// - Parameters:
        ///   - promptAppearance: How long the app has to resign active after an upgrade request.
        ///   - promptSettle: How long the adapter waits for the callback after the app is active again.
        package init(promptAppearance: Duration = .seconds(2), promptSettle: Duration = .milliseconds(500)) {
            self.promptAppearance = promptAppearance
            self.promptSettle = promptSettle
        }
    }

    /// Remembers, per install, that Always was asked for (iOS shows the upgrade prompt once).
    package struct AlwaysRequestMemory: Sendable {
        /// Whether Always was asked for on this install.
        package var wasRequested: @MainActor @Sendable () -> Bool
        /// Records that Always was asked for.
        package var recordRequest: @MainActor @Sendable () -> Void

        /// Creates a memory from its two operations.
        ///
        /// - Parameters:
        ///   - wasRequested: Whether Always was asked for on this install.
        ///   - recordRequest: Records that Always was asked for.
        package init(
            wasRequested: @escaping @MainActor @Sendable () -> Bool,
            recordRequest: @escaping @MainActor @Sendable () -> Void
        ) {
            self.wasRequested = wasRequested
            self.recordRequest = recordRequest
        }
    }

    let manager: any LocationManaging
    /// Why the app's Info.plist could not be read, if it could not: every request that needs a declaration throws it.
    let infoPlistError: LocationError?
    let clock: any Clock<Duration>
    let timing: Timing
    var alwaysMemory: AlwaysRequestMemory

    /// What the client knows of iOS for this app, as the one model of its rules: each request is decided on it in
    /// place (``LocationPolicy/requestWhenInUse()`` and the others leave the prompt they show and what they learn in
    /// it), and each observation updates it as it arrives — the status and accuracy Core Location reports, Location
    /// Services, the app's activity, a prompt shown, answered or never shown, a background or service session
    /// started or ended, the manager's settings, the Always-asked memory.
    ///
    /// iOS does not tell all it holds. Allow Once reads as When In Use, and is known only from an upgrade prompt
    /// that never appears; temporary full accuracy reads as full accuracy, and is known only from the answer to its
    /// prompt; a declined Always upgrade or precise prompt is known only from its answer. Each is set from the
    /// observation that reveals it (`LocationPolicy+Observation.swift`); provisional Always is never known.
    var policy: LocationPolicy
    /// Whether the app is active in the foreground (no system alert over it).
    var isActive: Bool
    /// Whether the app's process ended (the app was told it terminates): nothing of it runs any more, so what is asked
    /// of it from then on ends at once — a stream with nothing in it, a location request with
    /// ``LocationError/Code/cancelled`` — rather than waiting for what never comes.
    var processEnded = false
    /// The authorization prompt being waited for, if any; the policy holds which prompt is on screen.
    var prompt: PendingPrompt?
    /// Waits for the upgrade prompt to appear; cancelled once it does, or once the request completes.
    var appearanceTimer: Task<Void, Never>?
    var nextID = 0

    var eventSubscribers: [Int: AsyncStream<LocationEvent>.Continuation] = [:]
    var authorizationSubscribers: [Int: AsyncStream<Authorization>.Continuation] = [:]
    var updateSubscribers: [Int: UpdateSubscriber] = [:]
    var locationRequests: [Int: LocationRequest] = [:]
    var regions: [String: Region] = [:]
    var isUpdatingLocation = false
    /// The most fixes that wait for one live-updates consumer.
    var bufferedFixLimit = 1024
    /// The simulated OS's delivery gate, over a simulated manager: the OS narrows the live-updates queues there the
    /// moment it narrows what the app may receive, before the change reaches the adapter as a callback.
    var deliveryGate: DeliveryGate?
    /// Notification observers that live as long as the adapter (Apple platforms).
    package var observers: [AnyObject] = []

    /// Whether Core Location reported it has no fix for now (`kCLErrorLocationUnknown`).
    var locationUnknown = false
    /// Whether Core Location paused updates because the device stopped moving.
    var paused = false
    /// Whether the app started the standard location service itself (`startUpdatingLocation`).
    var standardServiceStarted = false
    /// Whether significant-change monitoring runs.
    var significantChangesStarted = false
    /// The service sessions the app holds: what each declared, its diagnostics, and its `CLServiceSession` token
    /// where the platform has one.
    var sessions: [Int: (session: LocationPolicy.Session, channel: DiagnosticsChannel, token: Int?)] = [:]
    /// The authorization the app was last told of: subscribers heard it, and synchronous readers off the main actor
    /// read it. A change is announced when the policy's authorization differs from it.
    let snapshot = LockedValue(Authorization(status: .notDetermined, accuracy: .fullAccuracy))

    /// Creates an adapter on a manager, and takes the manager's delegate callbacks.
    ///
    /// - Parameters:
    ///   - manager: The Core Location manager, or a fake.
    ///   - applicationState: The app's state now (`UIApplication.shared.applicationState` on iOS).
    ///   - declarations: The app's Info.plist keys, or why they could not be read.
    ///   - clock: The clock the adapter waits on.
    ///   - timing: How long it waits for what iOS does not announce.
    ///   - alwaysMemory: Where it remembers that Always was asked for.
    package init(
        manager: any LocationManaging,
        applicationState: ApplicationState,
        declarations: Result<UsageDescriptions, LocationError>,
        clock: any Clock<Duration>,
        timing: Timing = Timing(),
        alwaysMemory: AlwaysRequestMemory
    ) {
        self.manager = manager
        if case .failure(let error) = declarations { infoPlistError = error } else { infoPlistError = nil }
        self.clock = clock
        self.timing = timing
        self.alwaysMemory = alwaysMemory
        self.isActive = applicationState == .active
        var policy = LocationPolicy(
            declarations: (try? declarations.get()) ?? UsageDescriptions(),
            appState: applicationState == .background ? .background : .foreground
        )
        policy.observe(status: manager.authorizationStatus, accuracy: manager.accuracyAuthorization)
        policy.allowsBackgroundUpdates = manager.allowsBackgroundLocationUpdates
        policy.properties.allowsBackgroundLocationUpdates = policy.allowsBackgroundUpdates
        self.policy = policy
        snapshot.current = policy.authorization
        // Core Location keeps monitored regions across launches: their events are the app's from the start.
        for region in manager.monitoredRegions { regions[region.identifier] = region }
        manager.callback = { [weak self] callback in self?.receive(callback) }
        Task { [weak self] in await self?.refreshServicesEnabled() }
    }

    /// The authorization the app reads now, as the policy holds it from what Core Location reported.
    var current: Authorization { policy.authorization }

    /// Whether the app is in the foreground (it may be inactive under a system alert).
    var isForeground: Bool { policy.appState == .foreground }

    /// Whether Location Services are on for the device; the authorization the client reports follows what it read.
    func locationServicesEnabled() async -> Bool {
        await refreshServicesEnabled()
        return policy.device.servicesEnabled
    }

    /// Reads whether Location Services are on, off the main actor (Apple warns that the check can make the UI
    /// unresponsive); a change is an authorization change.
    func refreshServicesEnabled() async {
        let enabled = await manager.locationServicesEnabled()
        guard enabled != policy.device.servicesEnabled else { return }
        policy.device.servicesEnabled = enabled
        authorizationMayHaveChanged()
    }

    /// A new identifier for a subscriber or a request.
    func makeID() -> Int {
        nextID += 1
        return nextID
    }

    // MARK: App activity (UIApplication notifications on iOS; called by the tests on Linux)

    /// The app resigned active: a system alert (a prompt) covers it, or it is leaving the foreground.
    package func appWillResignActive() {
        isActive = false
        if var pending = prompt {
            pending.shown = true
            prompt = pending
            appearanceTimer?.cancel()
            appearanceTimer = nil
        }
    }

    /// The app became active again: a prompt over it, if any, was dismissed.
    package func appDidBecomeActive() {
        isActive = true
        if !isForeground { sessionsCameIntoUse() }
        policy.appState = .foreground
        defer { askForServiceSessions() }
        guard let pending = prompt, pending.shown else { return }
        let id = pending.id
        let clock = clock
        let settle = timing.promptSettle
        Task { [weak self] in
            try? await clock.sleep(for: settle)
            self?.promptSettled(id)
        }
    }

    /// A change in the app's activity, as UIKit's notifications announce it.
    ///
    /// - Parameter activity: What changed.
    package func applicationActivityChanged(_ activity: ApplicationActivity) {
        switch activity {
        case .willResignActive: appWillResignActive()
        case .didBecomeActive: appDidBecomeActive()
        case .didEnterBackground: appDidEnterBackground()
        case .willEnterForeground: appWillEnterForeground()
        case .willTerminate: appWillTerminate()
        }
    }

    /// The app is about to end: iOS takes a prompt away unanswered, and nothing more reaches the app. Every request
    /// still waiting completes, and live updates, event streams and authorization streams end (a `for await` over
    /// one of them returns instead of waiting for what will never come).
    package func appWillTerminate() {
        isActive = false
        processEnded = true
        policy.appState = .notRunning
        promptWentAway()
        for id in locationRequests.keys.sorted() { finishLocationRequest(id, .failure(LocationError.cancelled)) }
        let ended = updateSubscribers
        updateSubscribers.removeAll()
        for id in ended.keys.sorted() { ended[id]?.mailbox.finish(throwing: nil) }
        let events = eventSubscribers
        eventSubscribers.removeAll()
        for id in events.keys.sorted() { events[id]?.finish() }
        let authorizations = authorizationSubscribers
        authorizationSubscribers.removeAll()
        for id in authorizations.keys.sorted() { authorizations[id]?.finish() }
        updateDemand()
    }

    /// An authorization prompt the app waits for went away unanswered (the app left the foreground or ended): the
    /// requests waiting for it complete as ignored.
    func promptWentAway() {
        guard let pending = prompt else { return }
        finishPrompt(pending.id, .success(outcome(.ignored(.notInForeground))))
    }

    /// The app went to the background.
    package func appDidEnterBackground() {
        isActive = false
        policy.appState = .background
        promptWentAway()
        refreshDiagnostics()
    }

    /// The app is coming back to the foreground.
    package func appWillEnterForeground() {
        if !isForeground { sessionsCameIntoUse() }
        policy.appState = .foreground
        refreshDiagnostics()
    }
}
