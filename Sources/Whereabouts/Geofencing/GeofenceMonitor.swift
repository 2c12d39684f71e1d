import Foundation

/// Enter and exit events for a geofence set of any size, on the system's budget of 20 monitored conditions.
///
/// The system monitors at most 20 conditions for an app (regions and every monitor's conditions together). A
/// `GeofenceMonitor` keeps the fences whose boundaries are nearest the person in a ``ConditionMonitor`` of its own,
/// all but one of the conditions it may use, and puts the last one around the device: a wake ring that no other
/// fence's boundary crosses. When the person leaves the ring (or a significant change, a visit or a fix wakes the
/// app), it asks for a fresh fix, reports the crossings of fences it did not monitor that the fix reveals
/// (``GeofenceEvent/Detection/inferred``), and swaps fences so that the nearest are monitored again.
///
/// ```swift
/// let fences = try GeofenceFileReader.read(contentsOf: url).fences   // or the app's own store
/// let geofences = GeofenceMonitor(client: client, fences: fences)
/// try await geofences.start()
/// for await event in geofences.events {
///     print(event.transition, event.fenceID, event.detection)
/// }
/// ```
///
/// What it reports, and what it can miss:
/// - Every crossing of a monitored fence, once: the system's copies and re-emissions of a state are dropped.
/// - A crossing of a fence that was not monitored, late: at the next plan, dated at the fix that revealed it.
///   A fence entered and left between two plans is missed.
/// - Where more fences crowd around the person than the budget holds, the ring cannot shrink below
///   ``GeofenceOptions/wakeRingMinimumRadius``, and ``GeofencePlan/atRisk`` counts the fences whose crossings may then
///   be late or missed.
/// - Under approximate location the system reports no condition (`accuracyLimited`): the monitor then starts location
///   updates on its client (unless ``GeofenceOptions/wakeSources`` leaves out `foregroundFixes`), evaluates every
///   fence on the fixes it receives, and reports ``GeofenceEvent/Detection/approximate`` crossings, skipping a fence
///   whose boundary lies within a fix's uncertainty. Where the platform has no condition monitors (watchOS, tvOS,
///   visionOS) it does the same with precise fixes (``GeofenceEvent/Detection/inferred``).
/// - Under When In Use, the system delivers nothing in the background, so nothing is reported there; the crossings
///   are inferred at the next fix once the app is in use again.
/// - With Always in the background, a wake gets a fresh fix only when the client allows background updates
///   (`try await client.set(allowsBackgroundLocationUpdates: true)`, which needs `location` in `UIBackgroundModes`).
///   Without them the monitor re-plans only at the next significant change or visit, and misses most crossings of a
///   dense fence set: on a recorded 20-minute drive through 500 fences it reported 26.6 % of the true crossings
///   without background updates, and all of them with them (the article "Monitoring places" has the other tracks).
///
/// The fences are the app's data: the monitor keeps them in memory only, and the system holds only the circles it
/// monitors (as it holds any condition the app adds), under the monitor's name. At the next launch, `start()` adopts
/// the conditions left from the last run, so fences that stay near are not removed and added again.
public actor GeofenceMonitor {
    /// The crossings, in the order they were found; the stream finishes when the monitor stops.
    public nonisolated let events: AsyncStream<GeofenceEvent>
    /// The name of the condition monitor the fences are kept in.
    public nonisolated let monitorName: String

    let client: LocationClient
    let options: GeofenceOptions
    let clock: any Clock<Duration>
    let eventContinuation: AsyncStream<GeofenceEvent>.Continuation
    let inputs: AsyncStream<GeofencePlanner.Input>
    let inputContinuation: AsyncStream<GeofencePlanner.Input>.Continuation
    var fences: [Geofence]
    var planner: GeofencePlanner?
    var monitor: ConditionMonitor?
    var mode = Mode.conditions
    var tasks: [Task<Void, Never>] = []
    var pending = 0
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
    var quietWaiters: [(monitorEvents: Int, fixes: Int, continuation: CheckedContinuation<Void, Never>)] = []
    var fetching = 0
    var latestDate: Date?
    var mostConditionsHeld = 0
    var startedSignificantChanges = false
    var startedVisits = false
    var startedUpdates = false
    var stopped = false
    /// How many of the condition monitor's events the monitor has taken in.
    package internal(set) var monitorEventsSeen = 0
    /// How many fixes of the client's events the monitor has taken in.
    package internal(set) var fixesSeen = 0
    /// How many fixes the monitor asked for have been answered (with a fix, or with none in time).
    package internal(set) var fixesFetched = 0

    /// How the monitor learns of crossings now.
    enum Mode: Equatable {
        /// From the system's conditions, with the wake ring.
        case conditions
        /// From the fixes the app receives, every fence evaluated by the monitor itself.
        case evaluating(GeofenceEvent.Detection)
    }

    /// Creates a monitor for a fence set; nothing happens until ``start()``.
    ///
    /// - Parameters:
    ///   - client: The location client whose conditions, fixes and authorization the monitor uses.
    ///   - fences: The app's fences; of two with one id, the later wins.
    ///   - options: How to trade conditions, lag and wakes.
    ///   - monitorName: The name of the condition monitor to keep the fences in; one the app uses for nothing else.
    ///   - clock: The clock for the wait on a fresh fix (a test clock in tests).
    public init(
        client: LocationClient,
        fences: [Geofence],
        options: GeofenceOptions = GeofenceOptions(),
        monitorName: String = "Whereabouts.geofences",
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.client = client
        self.fences = fences
        self.options = options
        self.monitorName = monitorName
        self.clock = clock
        (events, eventContinuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        (inputs, inputContinuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    /// The latest plan: the fences monitored and the wake ring; `nil` until the first fix, and while the monitor
    /// evaluates fixes itself.
    public var plan: GeofencePlan? { mode == .conditions ? planner?.plan : nil }

    /// How many conditions the monitor holds with the system now (fences and ring).
    public var conditionCount: Int { monitor == nil ? 0 : planner?.heldIdentifiers.count ?? 0 }

    /// The most conditions the monitor held at once since it started: never more than its budget.
    public var mostConditions: Int { mostConditionsHeld }

    /// Opens the condition monitor, adopts the conditions an earlier run left in it, and starts following the
    /// person: the first fix makes the first plan.
    ///
    /// Where the platform has no condition monitors, it evaluates the fixes the app receives instead (see the type's
    /// documentation); it throws only what opening the monitor throws for another reason.
    ///
    /// - Throws: ``LocationError`` with ``LocationError/Code/monitorNameUnavailable`` when a monitor of its name is
    ///   already open elsewhere in the app.
    public func start() async throws {
        guard planner == nil, !stopped else { return }
        let regions = await client.monitoredRegions().count
        let budget =
            options.maximumFenceSlots.map { $0 + 1 }
            ?? max(1, LocationPolicy.maximumMonitoredRegions - regions)
        var adopted: [GeofencePlanner.Condition] = []
        do {
            let monitor = try await client.openMonitor(monitorName)
            self.monitor = monitor
            for identifier in await monitor.identifiers() {
                guard let record = await monitor.record(for: identifier),
                    case .circularGeographic(let center, let radius) = record.condition
                else { continue }
                adopted.append(GeofencePlanner.Condition(identifier: identifier, center: center, radius: radius))
            }
        } catch let error as LocationError where error.code == .conditionMonitoringUnavailable {
            // No condition monitors here: the fixes the app receives are evaluated instead.
        }
        planner = GeofencePlanner(fences: fences, options: options, budget: budget, adopting: adopted)
        mostConditionsHeld = planner?.heldIdentifiers.count ?? 0
        mode = Self.mode(accuracy: await client.authorization().accuracy, hasMonitor: monitor != nil)
        // The streams are opened before the first plan is asked for, so no event of the plan is missed.
        let clientEvents = await client.events()
        let authorizations = await client.authorizationUpdates()
        let monitorEvents = await monitor?.events()
        tasks.append(Task { await self.run() })
        tasks.append(Task { await self.followEvents(clientEvents) })
        tasks.append(Task { await self.followAuthorization(authorizations) })
        if let monitorEvents {
            tasks.append(Task { await self.followMonitor(monitorEvents) })
        }
        await startWakeSources()
        await followMode()
        enqueue(.woke)
    }

    /// Replaces the fence set: fences that stay as they were stay monitored; removed or changed fences are forgotten
    /// (no exit is reported for a removed fence); the new set is planned from the latest fix.
    ///
    /// - Parameter fences: The new set.
    public func replaceFences(_ fences: [Geofence]) {
        self.fences = fences
        enqueue(.fencesChanged(fences, at: latestDate ?? Date()))
    }

    /// Stops: the events stream finishes, and the wake sources the monitor started stop.
    ///
    /// - Parameter removingConditions: Whether to remove the conditions from the system too; keep them (the default)
    ///   when the monitor starts again at the next launch, so the fences nearest the person stay monitored meanwhile.
    public func stop(removingConditions: Bool = false) async {
        guard !stopped else { return }
        stopped = true
        for task in tasks { task.cancel() }
        tasks.removeAll()
        inputContinuation.finish()
        if let monitor {
            if removingConditions {
                for identifier in await monitor.identifiers() { await monitor.remove(identifier) }
            }
            await monitor.close()
        }
        if startedUpdates { await client.stopUpdatingLocation() }
        if startedSignificantChanges { await client.stopMonitoringSignificantLocationChanges() }
        if startedVisits { await client.stopMonitoringVisits() }
        eventContinuation.finish()
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
        wakeQuietWaiters()
    }

    /// Whether every input received so far has been handled.
    package var isIdle: Bool { pending == 0 }

    /// Waits, without polling, until the monitor has taken in at least this many condition-monitor events and
    /// delivered fixes, handled every input, and received the answer to every fix it asked for: for tests whose
    /// system answers fix requests at once, and which know what they delivered.
    ///
    /// - Parameters:
    ///   - monitorEvents: How many condition-monitor events the system delivered.
    ///   - fixes: How many `didUpdateLocations` events the client delivered.
    package func quiesce(monitorEvents: Int, fixes: Int) async {
        guard !isQuiet(monitorEvents: monitorEvents, fixes: fixes) else { return }
        await withCheckedContinuation { quietWaiters.append((monitorEvents, fixes, $0)) }
    }

    func isQuiet(monitorEvents: Int, fixes: Int) -> Bool {
        stopped
            || (monitorEventsSeen >= monitorEvents && fixesSeen >= fixes && pending == 0 && fetching == 0
                && !isAwaitingFix)
    }

    /// Wakes the ``quiesce(monitorEvents:fixes:)`` waiters whose counts are reached.
    func wakeQuietWaiters() {
        guard !quietWaiters.isEmpty else { return }
        var still: [(monitorEvents: Int, fixes: Int, continuation: CheckedContinuation<Void, Never>)] = []
        for waiter in quietWaiters {
            if isQuiet(monitorEvents: waiter.monitorEvents, fixes: waiter.fixes) {
                waiter.continuation.resume()
            } else {
                still.append(waiter)
            }
        }
        quietWaiters = still
    }

    /// Whether a fix the monitor asked its client for has not been answered yet (with a fix, or with none in time).
    package var isFetching: Bool { fetching > 0 }

    /// Whether the monitor asked for a fix and has not handled the answer yet.
    package var isAwaitingFix: Bool { planner?.awaitingFix ?? false }

    /// Waits until every input the monitor has received so far has been handled and its actions run: for tests and
    /// replays, which feed fixes and then read what was reported. A fix the monitor asked for and has not received is
    /// not waited on (it may need the next fix the test feeds); ``fixesFetched`` counts the answers.
    package func settle() async {
        await Task.yield()
        guard pending > 0, !stopped else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }
}
