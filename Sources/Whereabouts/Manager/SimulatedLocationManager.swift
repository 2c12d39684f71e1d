/// One `CLLocationManager` on the simulated OS: what ``ManagerClient`` drives on Linux and in tests, as it drives a
/// real `CLLocationManager` on a device.
///
/// The ``SimulatedOS`` is the OS: it holds the grant, shows the prompts and decides, by ``LocationPolicy``,
/// what the app may receive. The manager has its own source and speaks to the client logic only as Core Location
/// does: through its properties and delegate-style callbacks on the main actor, and as silently where Core Location
/// is silent — a request the OS ignores sends no callback, an answer that changes nothing sends nothing, and a
/// prompt over the app makes it resign active until it is answered (``activity``).
///
/// Calls reach the OS in the order the client made them (one queue). A live update stream's fixes come in batches,
/// and the manager delivers the next batch only once the client's consumers have room for it (``waitForRoom``), so a
/// slow consumer holds its source back. The simulated OS is iOS 18 or later: a service session is the OS's, as a
/// `CLServiceSession` is.
@MainActor
package final class SimulatedLocationManager: LocationManaging {
    /// A call on the OS, run in order after the calls made before it.
    typealias Command = @Sendable (SimulatedOS) async -> Void

    /// What waits in the queue of calls: a call on the OS, or a mark that the calls before it have been handled.
    enum Queued: Sendable {
        /// A call on the OS; dropped once the manager's process has ended.
        case call(Command)
        /// Runs when the calls before it have been handled, whether or not the process still runs.
        case mark(@Sendable () -> Void)
    }

    /// The OS this manager runs on.
    package let engine: SimulatedOS
    /// This manager's source, as the OS knows it.
    let client: SourceAttachment
    private let commands: AsyncStream<Queued>.Continuation
    /// The run of the app's process this manager was made in (``SimulatedOS/processSnapshot``).
    let process: Int
    /// Whether the manager has told its client that its process ended.
    var toldProcessEnded = false
    /// Runs the calls in order; also listens to the OS's delegate events and the app's activity.
    private var runner: Task<Void, Never>?
    var listeners: [Task<Void, Never>] = []

    package var callback: (@MainActor (ManagerCallback) -> Void)?
    /// Where the app's activity changes go (UIKit's notifications on a device).
    package var activity: (@MainActor (ApplicationActivity) -> Void)?
    /// Waits until the client's live-updates consumers have room for another batch.
    package var waitForRoom: (@MainActor () async -> Void)?

    package var allowsBackgroundLocationUpdates = false {
        didSet {
            let allowed = allowsBackgroundLocationUpdates
            // The client checks the background mode first, as iOS raises an exception without it.
            send { [client] engine in try? await engine.setAllowsBackgroundLocationUpdates(allowed, for: client) }
        }
    }
    /// The last location the app received, as the OS lets the app see it now (coarse under reduced accuracy, `nil`
    /// when the app may not see one), as `CLLocationManager.location` reads the system's cache.
    package var location: Location? { engine.lastKnownSnapshot.current }
    /// The last heading the app received.
    package var heading: Heading? { engine.headingSnapshot.current }
    /// What the OS's platform offers, from the rules the OS follows (as a real manager's come from the platform it
    /// runs on).
    package var capabilities: ManagerCapabilities { ManagerCapabilities(platform: engine.platform) }
    package var isRegionMonitoringAvailable: Bool { engine.platform.rules.regionMonitoring }
    package var isRangingAvailable: Bool { engine.isRangingAvailable }
    package var significantLocationChangeMonitoringAvailable: Bool {
        engine.significantLocationChangeMonitoringAvailable
    }
    package var maximumRegionMonitoringDistance: Double { engine.options.maximumRegionMonitoringDistance }
    package var headingAvailable: Bool { engine.platform.rules.compass && client.source.providesHeadings }

    /// Whether the standard location service runs for this manager.
    var isUpdatingLocation = false
    /// Tells the current live-update stream from one stopped before it.
    var updatesGeneration = 0
    /// Reads the OS's live updates for this manager while the standard service runs.
    var updates: Task<Void, Never>?
    /// The outstanding `requestLocation()`, if any.
    var oneShot: Task<Void, Never>?
    /// The fix that answered the last `requestLocation()` (the OS announces it among its events as well).
    var lastAnswer: Location?
    /// Whether significant-change monitoring runs for this manager.
    var significantChanges = false
    /// Whether this manager started heading updates: only its delegate hears of headings.
    var isUpdatingHeading = false
    /// The service sessions the OS holds for this manager, by token.
    var serviceSessions: [Int: ServiceSession] = [:]
    /// The token of the last service session started.
    var lastServiceSessionToken = 0

    /// Makes a location manager on the simulated OS, with its own source.
    ///
    /// - Parameters:
    ///   - engine: The simulated OS.
    ///   - source: Where this manager's raw fixes come from.
    ///   - process: The run of the app's process the manager belongs to (``SimulatedOS/processSnapshot``); `nil`: the
    ///     current one.
    package init(engine: SimulatedOS, source: any LocationSource, process: Int? = nil) {
        self.engine = engine
        self.client = SourceAttachment(source: source)
        let process = process ?? engine.processSnapshot.current
        self.process = process
        engine.adopt(client)
        let (stream, continuation) = AsyncStream.makeStream(of: Queued.self)
        commands = continuation
        runner = Task { [weak self, engine, client] in
            if engine.processSnapshot.current == process {
                // Listen first, so that nothing the calls below cause is missed.
                // The standard service's fixes come in batches, from the live updates: not one event each.
                let events = await engine.managerEvents(for: client)
                let activity = await engine.managerActivity()
                // After a launch in the background, the event that launched the app reaches its first manager.
                let launchEvents = await engine.takeLaunchEvents(for: client)
                self?.listen(to: events, activity, launchEvents: launchEvents)
            } else {
                // Made for a process that has ended: the client logic hears at once that it is over.
                self?.processHasEnded()
            }
            for await queued in stream {
                switch queued {
                case .mark(let done): done()
                case .call(let command):
                    // The process this manager lived in is gone: as on a device, nothing of it reaches the OS.
                    guard engine.processSnapshot.current == process else {
                        self?.processHasEnded()
                        continue
                    }
                    await command(engine)
                }
            }
        }
    }

    /// Whether the app's process this manager was made in has ended (terminated): its calls reach nothing.
    var outlivedItsProcess: Bool { engine.processSnapshot.current != process }

    /// The manager's process has ended (a call came after it ended, or the manager was made for a process that had):
    /// once, the client logic hears that the app terminates, as the manager's process would have, so that what it waits
    /// for ends rather than waiting for what never comes.
    func processHasEnded() {
        guard !toldProcessEnded else { return }
        toldProcessEnded = true
        isUpdatingLocation = false
        updatesGeneration += 1
        updates?.cancel()
        updates = nil
        oneShot?.cancel()
        oneShot = nil
        activity?(.willTerminate)
    }

    isolated deinit {
        commands.finish()
        runner?.cancel()
        updates?.cancel()
        oneShot?.cancel()
        for listener in listeners { listener.cancel() }
        // A `CLServiceSession` ends when nothing holds it any more.
        for session in serviceSessions.values { Task { await session.invalidate() } }
    }

    package func settle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            commands.yield(.mark { continuation.resume() })
        }
    }

    /// Runs a call on the OS after the calls made before it.
    func send(_ command: @escaping Command) {
        commands.yield(.call(command))
    }

    package var authorizationStatus: AuthorizationStatus { engine.authorizationSnapshot.status }
    package var accuracyAuthorization: AccuracyAuthorization { engine.authorizationSnapshot.accuracy }
    package var monitoredRegions: [Region] { engine.grantSnapshot.current.monitoredRegions }
    /// Whether the OS lets this launch resume the background activity session kept from the app's last run.
    package var mayResumeBackgroundActivitySession: Bool { engine.resumableSessionSnapshot.current }

    #if compiler(>=6.2)
    @concurrent package nonisolated func locationServicesEnabled() async -> Bool {
        await engine.locationServicesEnabled()
    }
    #else
    package nonisolated func locationServicesEnabled() async -> Bool {
        await engine.locationServicesEnabled()
    }
    #endif

    // MARK: Authorization

    package func requestWhenInUseAuthorization() {
        ask(.whenInUse)
    }

    package func requestAlwaysAuthorization() {
        ask(.always)
    }

    /// Asks the OS; whatever it decides reaches the client only as Core Location tells it (an authorization change,
    /// the app resigning active under a prompt), never as a reply.
    private func ask(_ request: SimulatedOS.Request) {
        send { engine in
            let ticket = await engine.submit(request)
            Task { _ = await engine.result(of: ticket) }
        }
    }

    package func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String,
        completion: @escaping @MainActor (ManagerError?) -> Void
    ) {
        send { engine in
            let ticket = await engine.submit(.temporaryFullAccuracy(purposeKey: purposeKey))
            Task {
                let error = Self.completionError(await engine.result(of: ticket))
                await MainActor.run { completion(error) }
            }
        }
    }

    /// What Core Location hands the temporary full accuracy completion for what the OS decided: `nil` once the prompt
    /// was shown and answered, an error when it could not be shown.
    nonisolated static func completionError(
        _ result: Result<SimulatedOS.RequestResult, LocationError>
    ) -> ManagerError? {
        switch result {
        case .success(.accuracy(let outcome)):
            switch outcome.resolution {
            case .answered: return nil
            case .alreadyDetermined:
                return ManagerError(code: ManagerError.promptDeclined, message: "the app already has full accuracy")
            case .ignored(.notInForeground):
                // The app left the foreground and took the prompt away: Core Location calls the completion.
                return nil
            case .ignored(let reason):
                return ManagerError(code: ManagerError.denied, message: "the prompt could not be shown (\(reason))")
            }
        case .success:
            return ManagerError(code: ManagerError.denied, message: "the prompt could not be shown")
        case .failure(let error) where error.code == .missingTemporaryPurposeKey:
            // As Core Location: the prompt is not shown when the Info.plist has no entry for the key.
            return ManagerError(code: ManagerError.promptDeclined, message: error.description)
        case .failure(let error):
            return ManagerError(code: ManagerError.denied, message: error.description)
        }
    }

    // MARK: Settings, monitors and sessions

    package func apply(_ properties: LocationProperties) {
        let change = LocationProperties.Change(
            activityType: properties.activityType,
            desiredAccuracy: properties.desiredAccuracy,
            distanceFilter: properties.distanceFilter.map { .meters($0) } ?? .noFilter,
            headingFilter: properties.headingFilter.map { .degrees($0) } ?? .noFilter,
            headingOrientation: properties.headingOrientation,
            pausesLocationUpdatesAutomatically: properties.pausesLocationUpdatesAutomatically,
            showsBackgroundLocationIndicator: properties.showsBackgroundLocationIndicator,
            displaysHeadingCalibration: properties.displaysHeadingCalibration
        )
        send { [client] engine in try? await engine.set(change, for: client) }
    }

    package func startUpdatingHeading() {
        isUpdatingHeading = true
        send { [client] engine in await engine.startUpdatingHeading(for: client) }
    }

    package func stopUpdatingHeading() {
        isUpdatingHeading = false
        send { [client] engine in await engine.stopUpdatingHeading(for: client) }
    }

    package func dismissHeadingCalibrationDisplay() {
        send { engine in await engine.dismissHeadingCalibrationDisplay() }
    }

    package func startMonitoring(for region: Region) {
        send { [client] engine in
            do throws(LocationError) {
                try await engine.startMonitoring(region, for: client)
            } catch {
                let code =
                    error.code == .regionMonitoringFailure
                    ? ManagerError.regionMonitoringFailure : ManagerError.regionMonitoringDenied
                let failure = ManagerError(code: code, message: error.description)
                await self.deliver(.monitoringDidFail(regionIdentifier: region.identifier, failure))
            }
        }
    }

    package func stopMonitoring(for region: Region) {
        send { engine in await engine.stopMonitoring(region) }
    }

    package func startMonitoringVisits() {
        send { [client] engine in try? await engine.startMonitoringVisits(for: client) }
    }

    package func stopMonitoringVisits() {
        send { [client] engine in await engine.stopMonitoringVisits(for: client) }
    }

    package func startMonitoringSignificantLocationChanges() {
        significantChanges = true
        send { [client] engine in await engine.startMonitoringSignificantLocationChanges(for: client) }
    }

    package func stopMonitoringSignificantLocationChanges() {
        significantChanges = false
        send { [client] engine in await engine.stopMonitoringSignificantLocationChanges(for: client) }
    }

    package func startBackgroundActivitySession() -> Bool {
        // macOS and tvOS have no CLBackgroundActivitySession: nothing starts, as the adapter reports there.
        guard engine.platform.rules.backgroundActivitySessions else { return false }
        send { engine in await engine.startBackgroundSession() }
        return true
    }

    package func stopBackgroundActivitySession() {
        send { engine in await engine.stopBackgroundSession() }
    }

    /// Hands a callback to the client.
    func deliver(_ callback: ManagerCallback) {
        self.callback?(callback)
    }
}
