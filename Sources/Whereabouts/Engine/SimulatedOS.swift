import Foundation

/// The simulated OS: the rules of the operating system for one app, who may see which location, when.
///
/// On Apple platforms iOS makes these decisions; on Linux and in every test the simulated OS makes
/// them, with the same rules (<doc:TheRulesWhereaboutsFollows>, decided by `LocationPolicy`). It holds the state an OS holds for an app —
/// its grant (in a ``ConsentStore``), accuracy, session grants (Allow Once, temporary full
/// accuracy), Location Services, the app's lifecycle and background session — asks a
/// ``PermissionPrompter`` when a prompt is due, and filters every fix from its
/// ``LocationSource``: nothing when not authorized, coarsened when accuracy is reduced, nothing
/// in the background unless allowed.
///
/// An app reaches it through a client, ``LocationClient/simulated(os:source:)``: the client logic that runs on a
/// device, over a location manager of this OS. Its own API is the OS's side: the person in Settings
/// (``changeSettings(status:precise:servicesEnabled:restricted:)``), the app's life (``handle(_:)``), the prompt on
/// screen and the grant. It was called `AuthorizationEngine`; that name is a deprecated alias.
///
/// ```swift
/// let os = await SimulatedOS(
///     appID: "com.example.demo",
///     declarations: UsageDescriptions(whenInUse: "Shows where you are on the map."),
///     prompter: ScriptedPerson([.allowWhileUsing(precise: false)])
/// )
/// let client = LocationClient.simulated(os: os, source: ScriptedSource())
/// let outcome = try await client.requestWhenInUseAuthorization()
/// // outcome.status == .authorizedWhenInUse, outcome.accuracy == .reducedAccuracy
/// ```
public actor SimulatedOS {
    /// Timings and thresholds of the engine.
    public struct Options: Hashable, Sendable {
        /// How long a one-shot request (``LocationClient/requestLocation``) waits for a fix before it fails with
        /// `locationUnavailable`.
        public var locationTimeout: Duration
        /// How long live updates go without a fix before they carry ``Diagnostic/locationUnavailable``.
        public var unavailableAfter: Duration
        /// Movement below this many metres (or the fix's accuracy, if larger) counts as standing still.
        public var stationaryRadius: Double
        /// Seconds of standing still (by fix timestamps) before ``Diagnostic/stationary`` holds.
        public var stationarySeconds: Double
        /// Seconds of standing still (by fix timestamps) before a visit begins.
        public var visitSeconds: Double
        /// The largest region radius, in metres, the simulated device monitors
        /// (`maximumRegionMonitoringDistance`); a larger region is refused.
        public var maximumRegionMonitoringDistance: Double
        /// The most fixes that wait for one live-updates consumer (at least the sources' batch size, 256): when a
        /// consumer has this many to read, the engine stops reading its source until a batch fits again.
        public var bufferedFixLimit: Int
        /// How long, on the OS's clock, a relaunched app has to make a location manager (or to start significant-change
        /// monitoring again, or to resume its background activity session) before the event that launched it is lost
        /// and a session kept from its last run ends. Apple does not say how long; 10 seconds by default, ample for
        /// an app that does at launch what Apple asks.
        public var relaunchWindow: Duration
        /// How the condition monitors reproduce what apps report of iOS (re-emission at launch, duplicate
        /// deliveries).
        public var monitorQuirks: MonitorQuirks

        /// Creates options.
        ///
        /// - Parameters:
        ///   - locationTimeout: The one-shot request's time limit.
        ///   - unavailableAfter: The gap after which live updates report no location.
        ///   - stationaryRadius: Metres of movement that still count as standing still.
        ///   - stationarySeconds: Seconds before `stationary` holds.
        ///   - visitSeconds: Seconds before a visit begins.
        ///   - maximumRegionMonitoringDistance: The largest region radius, in metres (100 km by default).
        ///   - bufferedFixLimit: The most fixes that wait for one live-updates consumer (1,024 by default).
        ///   - relaunchWindow: How long a relaunched app has to make its location manager (10 seconds by default).
        ///   - monitorQuirks: How the condition monitors reproduce iOS's re-emission and duplicate deliveries.
        public init(
            locationTimeout: Duration = .seconds(10),
            unavailableAfter: Duration = .seconds(10),
            stationaryRadius: Double = 20,
            stationarySeconds: Double = 120,
            visitSeconds: Double = 300,
            maximumRegionMonitoringDistance: Double = 100_000,
            bufferedFixLimit: Int = 1024,
            relaunchWindow: Duration = .seconds(10),
            monitorQuirks: MonitorQuirks = MonitorQuirks()
        ) {
            self.monitorQuirks = monitorQuirks
            self.relaunchWindow = relaunchWindow
            self.bufferedFixLimit = bufferedFixLimit
            self.maximumRegionMonitoringDistance = maximumRegionMonitoringDistance
            self.locationTimeout = locationTimeout
            self.unavailableAfter = unavailableAfter
            self.stationaryRadius = stationaryRadius
            self.stationarySeconds = stationarySeconds
            self.visitSeconds = visitSeconds
        }
    }

    struct Subscriber {
        /// Where a live-updates consumer's updates wait; `nil` for a subscriber that receives them synchronously.
        let mailbox: UpdateMailbox?
        let receive: @Sendable (LocationUpdate) -> Void
        let finish: @Sendable ((any Error)?) -> Void
        /// Whose source feeds it.
        let key: SourceSlot.Key
        var lastState: SubscriberState?
    }

    package enum RequestResult: Sendable {
        case authorization(AuthorizationOutcome)
        case accuracy(AccuracyOutcome)
        case location(Location)
    }

    /// The app this engine decides for.
    public nonisolated let appID: String
    /// The app's Info.plist declarations.
    public nonisolated let declarations: UsageDescriptions
    /// The engine's options.
    public nonisolated let options: Options
    /// The Apple platform whose rules this OS follows (see <doc:TheRulesWhereaboutsFollows>); iOS unless it was made for
    /// another.
    public nonisolated let platform: Platform

    let prompter: any PermissionPrompter
    let consentStore: any ConsentStore
    let clock: any Clock<Duration>
    let elapsed: @Sendable () -> Duration

    // The state read or written for every fix is marked `@exclusivity(unchecked)`: only the actor touches it, one
    // job at a time, and the compiler's static exclusivity checks still apply; what goes is the runtime check of
    // each read and write (a thread-local access set), over a third of the engine's time per fix in a release
    // profile of a replay at full speed.

    /// What iOS holds for this app, and the rules that change it. Every decision is the policy's.
    var policy: LocationPolicy
    var saveTask: Task<Void, Never>?
    /// Errors from the consent store, reported once each as `didFailWithError`.
    var lastSaveError: String?

    /// Where the app is in its life. A new engine's app is launched and in the foreground.
    public var appState: AppState { policy.appState }

    // Prompts.
    var nextPromptID = 1
    /// The prompt on screen now, if any.
    public internal(set) var presentedPrompt: PermissionPrompt?
    var promptTickets: [Int] = []
    var promptTasks: [Int: Task<Void, Never>] = [:]

    // Requests.
    var nextTicket = 1
    var finishedTickets: [Int: Result<RequestResult, LocationError>] = [:]
    var ticketWaiters: [Int: CheckedContinuation<Result<RequestResult, LocationError>, Never>] = [:]
    /// Tickets whose waiting task was cancelled: their results are dropped.
    var abandonedTickets: Set<Int> = []
    /// One-shot location requests: ticket → the deadline on `elapsed`, and whose source answers it.
    @exclusivity(unchecked) var locationRequests: [Int: (deadline: Duration, key: SourceSlot.Key)] = [:]

    // Delivery.
    var coarsener: Coarsener
    var nextSubscriberID = 1
    @exclusivity(unchecked) var subscribers: [Int: Subscriber] = [:]
    @exclusivity(unchecked) var eventContinuations: [Int: AsyncStream<LocationEvent>.Continuation] = [:]
    /// The location managers' event streams: every event but the standard service's fixes.
    var managerEventContinuations: [Int: AsyncStream<LocationEvent>.Continuation] = [:]
    @exclusivity(unchecked) var lastAuthorization: Authorization?
    /// Which fixes the live-updates consumers may still be handed, by their manager's slot, as last told to their
    /// mailboxes.
    var lastAllowances: [SourceSlot.Key: DeliveryAllowance] = [:]
    /// The live updates made from the batch being ingested, not yet handed to the subscribers; each carries a fix.
    @exclusivity(unchecked) var outgoing: [LocationUpdate] = []
    /// Whether the fixes of `outgoing` are precise.
    @exclusivity(unchecked) var outgoingPrecise = false
    /// Whose subscribers `outgoing` goes to (`nil`: all).
    @exclusivity(unchecked) var outgoingKey: SourceSlot.Key?
    /// The diagnostics of the batch being ingested, while nothing changed them.
    @exclusivity(unchecked) var batchDiagnostics: Set<Diagnostic>?
    @exclusivity(unchecked) var regions: [String: (region: Region, inside: Bool?)] = [:]
    @exclusivity(unchecked) var visitsActive = false
    var headingActive = false
    /// The clients (by source) that started the standard location service (`startUpdatingLocation`).
    @exclusivity(unchecked) var updatingLocation: Set<SourceSlot.Key> = []
    /// Whether significant-change monitoring runs.
    @exclusivity(unchecked) var significantChangesActive = false
    /// The last raw fix significant-change monitoring delivered.
    var lastSignificantFix: Location?
    /// How many raw fixes arrived, and the number of the last one counted in ``deliveredCount``.
    @exclusivity(unchecked) var rawFixNumber = 0
    @exclusivity(unchecked) var countedFixNumber = 0
    /// The last raw fix the standard service delivered from the source of `lastStandardKey` (for its distance filter).
    @exclusivity(unchecked) var lastStandardFix: Location?
    /// Whose `lastStandardFix` is: the slot of the batch being ingested (`nil`: a batch ingested by hand).
    @exclusivity(unchecked) var lastStandardKey: SourceSlot.Key?
    /// The other slots' last delivered raw fixes: each location manager's distance filter is measured from its own.
    var otherStandardFixes: [SourceSlot.Key?: Location] = [:]
    /// Each client's location manager's own settings, as each `CLLocationManager` has its own: its desired accuracy
    /// and distance filter decide what its consumers get. A manager that set nothing has the defaults; the engine's
    /// own consumers (and a batch ingested by hand) follow the policy's settings.
    var managerProperties: [SourceSlot.Key: LocationProperties] = [:]
    /// The last heading the app received.
    var lastHeading: Heading?
    /// The slots whose location manager's updates paused because the device stood still: each manager's own
    /// `pausesLocationUpdatesAutomatically` decides, and each is resumed on its own.
    @exclusivity(unchecked) var pausedSlots: Set<SourceSlot.Key> = []
    /// Whether some location manager's updates paused because the device stood still
    /// (`pausesLocationUpdatesAutomatically`).
    public var isPaused: Bool { !pausedSlots.isEmpty }
    /// The slots whose location manager allows background updates (`allowsBackgroundLocationUpdates`): each manager's
    /// own setting decides whether its fixes reach it in the background.
    var backgroundUpdateSlots: Set<SourceSlot.Key> = []
    /// The last heading each manager that wants headings received: each measures its heading filter from its own.
    var lastHeadings: [SourceSlot.Key: Heading] = [:]
    /// The location managers' event streams, each with its manager's slot: events about one manager's services go
    /// to that manager only.
    var slotEventContinuations: [Int: (key: SourceSlot.Key, continuation: AsyncStream<LocationEvent>.Continuation)] =
        [:]
    /// The service sessions the app holds, by id.
    var sessions: [Int: (session: LocationPolicy.Session, channel: DiagnosticsChannel)] = [:]
    /// The authorization as last known, for synchronous readers.
    let snapshot: LockedValue<Authorization>
    /// Which fixes the app may still be handed, for the live-updates queues of the client logic over this OS's
    /// location managers: narrowed before a change is announced.
    let deliveryGate: DeliveryGate
    /// The grant as last kept, for synchronous readers (a simulated location manager's monitored regions, and
    /// whether Always was asked for on this install).
    package let grantSnapshot: LockedValue<Grant>
    /// Where the app is in its life, for synchronous readers (a client made while the app is in the background).
    package nonisolated let appStateSnapshot = LockedValue(AppState.foreground)
    /// The last known location as ``location()`` answers it, for synchronous readers (a simulated location
    /// manager's `location`, as `CLLocationManager.location` is read without waiting).
    package let lastKnownSnapshot = LockedValue<Location?>(nil)
    /// The last heading the app received, for synchronous readers (a simulated location manager's `heading`).
    package let headingSnapshot = LockedValue<Heading?>(nil)
    /// Where the app's activity changes go: prompts covering the app, and its life.
    var activityContinuations: [Int: AsyncStream<ApplicationActivity>.Continuation] = [:]

    // The sources: the engine's own, and one per simulated client.
    @exclusivity(unchecked) var slots: [SourceSlot.Key: SourceSlot] = [:]
    /// Whose source feeds regions, visits and heading: the last to start one of them.
    @exclusivity(unchecked) var monitorKey = SourceSlot.Key.engine
    /// The slots whose managers started heading updates, visit monitoring and significant-change monitoring: a service
    /// runs while one of its managers wants it, and one manager stopping it leaves the others' running.
    var headingSlots: Set<SourceSlot.Key> = []
    /// See ``headingSlots``.
    var visitSlots: Set<SourceSlot.Key> = []
    /// See ``headingSlots``.
    var significantChangeSlots: Set<SourceSlot.Key> = []
    /// The slots that started a monitor, oldest first: the newest feeds the monitors, and when it stops its last one the
    /// one before it takes over.
    var monitorFeeds: [SourceSlot.Key] = []
    /// The first client's slot, which serves the engine's own consumers when the engine has no source.
    @exclusivity(unchecked) var firstClientKey: SourceSlot.Key?
    /// The first client made on this engine (``adopt(_:)``), registered as `firstClientKey` when first needed.
    let firstClient = LockedValue<SourceAttachment?>(nil)
    @exclusivity(unchecked) var sourceProblem: String?
    @exclusivity(unchecked) var lastFixAt: Duration
    @exclusivity(unchecked) var noFixTimedOut = false
    var watchdog: Task<Void, Never>?
    /// Where the device has stood since it last moved, and the cosine of that latitude (for the distance).
    @exclusivity(unchecked) var anchor: Location?
    @exclusivity(unchecked) var anchorCosine = 1.0
    @exclusivity(unchecked) var lastRawFix: Location?
    @exclusivity(unchecked) var isStationary = false
    @exclusivity(unchecked) var openVisit: Visit?

    /// How many locations the app has received so far (live updates, one-shot requests).
    @exclusivity(unchecked) public internal(set) var deliveredCount = 0
    /// The last location the app received.
    @exclusivity(unchecked) public internal(set) var lastDelivered: Location?
    /// Whether the last location the app received was precise (full accuracy).
    @exclusivity(unchecked) public internal(set) var lastDeliveredPrecise: Bool?

    // Termination and relaunch (`SimulatedOS+Relaunch.swift`).
    /// The app's launches: its launch code, why the system last launched it, and the events that wait for it.
    var relaunch = RelaunchState()
    /// The app's condition monitors (`SimulatedOS+ConditionMonitors.swift`).
    var monitors = ConditionMonitorState()
    /// Whether a background activity session kept from the app's last run may be resumed now, for synchronous readers
    /// (the client logic over a location manager made at launch).
    package nonisolated let resumableSessionSnapshot = LockedValue(false)
    /// Which run of the app's process this is, for synchronous readers: each termination ends one. A location manager
    /// made in a run that ended belongs to a process that is gone, and its calls reach nothing.
    package nonisolated let processSnapshot = LockedValue(0)

    /// Creates an engine for one app, ready to use: it reads the app's kept grant from the consent store before it
    /// returns.
    ///
    /// A relaunched app that the person already authorized is authorized from the start:
    /// ``authorizationSnapshot``, ``monitoredRegions`` and every call agree with the kept grant at once, so a
    /// screen made right after launch shows it in its first frame.
    ///
    /// - Parameters:
    ///   - appID: The app's identifier; grants are kept under it.
    ///   - declarations: The app's Info.plist declarations.
    ///   - prompter: Who answers prompts.
    ///   - consentStore: Where grants are kept; the grant kept for `appID` is read once, here
    ///     (``reloadGrant()`` reads it again after another process changed it).
    ///   - device: Location Services and restrictions.
    ///   - coarsener: How approximate fixes are made; give it the install's kept secret.
    ///   - clock: The clock for time limits (a test clock in tests).
    ///   - options: Timings and thresholds.
    ///   - platform: The Apple platform whose rules the OS follows: iOS by default; a Mac has no When In Use (an app
    ///     the person allows is `authorizedAlways`) and is never sent to the background, visionOS and tvOS have no
    ///     Always, tvOS no live updates, watchOS, visionOS and tvOS no region monitoring.
    public init(
        appID: String,
        declarations: UsageDescriptions,
        prompter: any PermissionPrompter,
        consentStore: any ConsentStore = InMemoryConsentStore(),
        device: DeviceSettings = DeviceSettings(),
        coarsener: Coarsener = Coarsener(secret: .random()),
        clock: any Clock<Duration> = ContinuousClock(),
        options: Options = Options(),
        platform: Platform = .iOS
    ) async {
        self.init(
            appID: appID,
            declarations: declarations,
            prompter: prompter,
            consentStore: consentStore,
            kept: await consentStore.grant(for: appID) ?? Grant(),
            device: device,
            coarsener: coarsener,
            clock: clock,
            options: options,
            platform: platform
        )
    }

    /// Creates an engine for one app whose kept grant is already known, without waiting: for a SwiftUI preview's
    /// synchronous body (``LocationPermissionModel/preview(_:purposeKey:bearingSource:)``).
    ///
    /// The public initialiser reads the kept grant from the consent store and comes here. This one also takes what
    /// lives in the OS for this use of the app only, as if it happened before the engine was made: temporary full
    /// accuracy the person allowed, and the last fix and heading the app received. The fix is recorded as the OS
    /// would have handed it over under the authorization that `kept`, `device` and `temporaryFullAccuracy` give
    /// (approximate under reduced accuracy), so ``authorizationSnapshot`` and the last known location agree with the
    /// state from the first read.
    ///
    /// - Parameters:
    ///   - appID: The app's identifier; grants are kept under it.
    ///   - declarations: The app's Info.plist declarations.
    ///   - prompter: Who answers prompts.
    ///   - consentStore: Where grants are kept (changes are written there; `kept` is not read from it).
    ///   - kept: The grant kept for `appID`.
    ///   - device: Location Services and restrictions.
    ///   - coarsener: How approximate fixes are made.
    ///   - clock: The clock for time limits.
    ///   - options: Timings and thresholds.
    ///   - platform: The Apple platform whose rules the OS follows.
    ///   - temporaryFullAccuracy: Whether temporary full accuracy was allowed for this use of the app.
    ///   - lastFix: A raw fix of the source the app received before, if any.
    ///   - lastHeading: A heading the app received before, if any.
    package init(
        appID: String,
        declarations: UsageDescriptions,
        prompter: any PermissionPrompter,
        consentStore: any ConsentStore,
        kept: Grant,
        device: DeviceSettings = DeviceSettings(),
        coarsener: Coarsener = Coarsener(secret: .random()),
        clock: any Clock<Duration> = ContinuousClock(),
        options: Options = Options(),
        platform: Platform = .iOS,
        temporaryFullAccuracy: Bool = false,
        lastFix: Location? = nil,
        lastHeading: Heading? = nil
    ) {
        var policy = LocationPolicy(declarations: declarations, device: device)
        policy.grant = kept
        policy.platform = platform
        policy.temporaryFullAccuracy = temporaryFullAccuracy && policy.authorization.status.isAuthorized
        self.platform = platform
        self.appID = appID
        self.declarations = declarations
        self.prompter = prompter
        self.consentStore = consentStore
        self.policy = policy
        self.coarsener = coarsener
        self.clock = clock
        self.options = options
        self.elapsed = Stopwatch(clock).elapsed
        self.lastFixAt = .zero
        self.lastAuthorization = policy.authorization
        self.snapshot = LockedValue(policy.authorization)
        self.deliveryGate = DeliveryGate(Self.gateAllowance(policy))
        self.grantSnapshot = LockedValue(kept)
        for region in kept.monitoredRegions { regions[region.identifier] = (region, nil) }
        monitors.entries = kept.monitorConditions.map { ConditionMonitorState.Entry(kept: $0, observed: nil) }
        // What the app received before, as the OS handed it over under this authorization.
        let deliveredPrecise = lastFix.map { _ in policy.deliversPreciseFixes }
        let delivered = lastFix.flatMap { deliveredPrecise == true ? $0 : coarsener.approximate($0) }
        self.lastDelivered = delivered
        self.lastDeliveredPrecise = deliveredPrecise
        self.deliveredCount = delivered == nil ? 0 : 1
        self.lastHeading = lastHeading
        self.headingSnapshot.current = lastHeading
        self.lastKnownSnapshot.current = Self.lastKnownLocation(
            policy: policy,
            delivered: delivered,
            deliveredPrecise: deliveredPrecise,
            coarsener: coarsener
        )
    }

    /// The app's authorization now.
    ///
    /// - Returns: The status, accuracy and whether Location Services are on.
    public func authorization() async -> Authorization {
        policy.authorization
    }

    /// The diagnostics that hold now (rule 10).
    ///
    /// - Returns: The set a live update delivered now would carry.
    package func diagnostics() async -> Set<Diagnostic> {
        fireDueTimers()
        return currentDiagnostics()
    }

    /// The regions being monitored: those kept with the grant (they survive a relaunch) from the moment the
    /// engine is made, then each started or stopped.
    public var monitoredRegions: Set<Region> { Set(regions.values.map(\.region)) }

    /// The regions being monitored (``monitoredRegions``).
    ///
    /// - Returns: The regions.
    public func monitoredRegions() async -> Set<Region> {
        monitoredRegions
    }

    /// The app's authorization now, without waiting: from the moment the engine is made it is the kept grant's,
    /// and it follows each change as it is announced.
    public nonisolated var authorizationSnapshot: Authorization { snapshot.current }

    var currentAuthorization: Authorization {
        lastAuthorization ?? policy.authorization
    }

    /// Recomputes what depends on state after any change: announces a new authorization,
    /// refreshes diagnostics, starts or stops the source, and shows the provisional-Always
    /// prompt when it is due.
    func stateDidChange() {
        // Before the change can be read anywhere: no queue hands out a fix the app may no longer have once it is.
        restrictDelivery()
        let now = policy.authorization
        if now != lastAuthorization {
            let before = lastAuthorization
            lastAuthorization = now
            snapshot.current = now
            if before?.accuracy != now.accuracy { coarsener.reset() }
            policy.authorizationDidChange()
            broadcast(.didChangeAuthorization(now))
            authorizationDidChange(now)
        }
        refreshLastKnown()
        refreshConditions()
        showProvisionalUpgradeIfDue()
        askForServiceSessions()
        refreshDiagnostics()
        refreshSessionDiagnostics()
        forgetEndedPauses()
        updateDemand()
    }

    /// Sends an event to every ``events(withStandardFixes:)`` subscriber.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - standardFix: Whether it is a fix of the standard service, which location managers read in batches instead.
    func broadcast(_ event: LocationEvent, standardFix: Bool = false) {
        for continuation in eventContinuations.values { continuation.yield(event) }
        guard !standardFix else { return }
        for continuation in managerEventContinuations.values { continuation.yield(event) }
        for entry in slotEventContinuations.values { entry.continuation.yield(event) }
    }

    /// Sends an event about one location manager's services to that manager only, as Core Location tells only the
    /// manager whose updates paused or whose heading filter passed a heading. The engine's own slot's events also go
    /// to every subscriber of the engine's events.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - key: The manager's slot.
    func send(_ event: LocationEvent, to key: SourceSlot.Key) {
        if key == .engine {
            for continuation in eventContinuations.values { continuation.yield(event) }
            for continuation in managerEventContinuations.values { continuation.yield(event) }
        }
        for entry in slotEventContinuations.values where entry.key == key { entry.continuation.yield(event) }
    }

    func persistGrant() {
        let store = consentStore
        let appID = appID
        let value = policy.grant
        let previous = saveTask
        saveTask = Task {
            await previous?.value
            do {
                try await store.setGrant(value, for: appID)
                self.grantKept(true)
            } catch {
                self.reportSaveFailure(error)
                self.grantKept(false)
            }
        }
    }

    private func reportSaveFailure(_ error: any Error) {
        let message = "\(appID): \(error)"
        guard message != lastSaveError else { return }
        lastSaveError = message
        broadcast(.didFailWithError(.consentStoreFailed(message)))
    }

    /// Waits until every grant change so far has reached the consent store.
    public func flush() async {
        await saveTask?.value
    }
}
