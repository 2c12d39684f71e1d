import Foundation

@testable import Whereabouts

/// A `CLLocationManager` stand-in whose iOS is the simulated OS: every decision — whether a request shows a
/// prompt or is ignored in silence, what an answer or a Settings change leaves the app reading — is
/// ``LocationPolicy``'s, the same rules ``SimulatedOS`` runs. What it adds is what Core Location does
/// around them: a request that shows nothing sends **no callback**, an answer that changes nothing (Keep Only
/// While Using) sends nothing, a prompt makes the app resign active until it is answered, the temporary
/// full accuracy completion is always called, and `startUpdatingLocation()` or `stopUpdatingLocation()` cancels an
/// outstanding `requestLocation()`, for which nothing is delivered then.
@MainActor
final class StandInLocationManager: LocationManaging {
    /// What iOS holds for the app.
    private(set) var policy: LocationPolicy

    var authorizationStatus: AuthorizationStatus { policy.authorization.status }
    var accuracyAuthorization: AccuracyAuthorization { policy.authorization.accuracy }
    /// Whether Location Services are on (Settings › Privacy › Location Services).
    var servicesEnabled: Bool {
        get { policy.device.servicesEnabled }
        set { policy.device.servicesEnabled = newValue }
    }
    /// For each call of `locationServicesEnabled()`, whether the main actor stayed free to run while it blocked (as
    /// the real check may): false if the check ran on the main actor.
    private(set) var servicesChecksLeftMainActorFree: [Bool] = []
    var isRegionMonitoringAvailable = true
    /// What the platform's Core Location offers (all of it, as on iOS, unless a test says otherwise).
    var capabilities = ManagerCapabilities.all
    var allowsBackgroundLocationUpdates = false
    var callback: (@MainActor (ManagerCallback) -> Void)?

    /// Whether the app is in the foreground, as iOS knows it.
    var isForeground: Bool {
        get { policy.appState == .foreground }
        set { policy.appState = newValue ? .foreground : .background }
    }
    /// Called before the temporary full accuracy completion of a request made in the background: where a test lets
    /// the app's move to the background reach the client first.
    var answersAfterBackground: @MainActor () -> Void = {}
    /// Called when a prompt appears over the app (UIApplication's willResignActive).
    var appResignsActive: @MainActor () -> Void = {}
    /// Called when the prompt is dismissed (UIApplication's didBecomeActive).
    var appBecomesActive: @MainActor () -> Void = {}
    /// Whether iOS sends the authorization callback before the app becomes active again.
    var callbackBeforeActive = true
    /// Calls the completion of a temporary full accuracy request twice (a misbehaving OS).
    var completesTwice = false

    /// The prompt on screen, if any.
    var prompt: PermissionPrompt.Kind? { policy.prompt?.kind }
    /// Every method the adapter called, in order.
    private(set) var calls: [String] = []
    private var accuracyCompletion: (@MainActor (ManagerError?) -> Void)?
    /// The regions Core Location monitors for the app.
    private(set) var regions: [Region] = []
    /// The identifiers of ``regions``.
    var monitoredRegionIdentifiers: [String] { regions.map(\.identifier) }
    var monitoredRegions: [Region] { regions }
    /// The last fix Core Location retrieved (`location`).
    var location: Location?
    /// The last heading Core Location retrieved (`heading`).
    var heading: Heading?
    var headingAvailable = true
    var isRangingAvailable = true
    var significantLocationChangeMonitoringAvailable = true
    var maximumRegionMonitoringDistance = 200_000.0
    /// The settings the adapter applied last.
    private(set) var appliedProperties: LocationProperties?
    /// Whether significant-change monitoring runs.
    private(set) var isMonitoringSignificantChanges = false
    /// Whether the platform has `CLServiceSession`; when it has, the sessions started and not invalidated.
    var hasServiceSessions = false
    private(set) var serviceSessions: [Int: (ServiceSession.AuthorizationRequirement, String?)] = [:]
    /// Where each real session's diagnostics go.
    private(set) var serviceSessionReceivers: [Int: @MainActor (Set<Diagnostic>) -> Void] = [:]
    private var nextSessionToken = 0
    private(set) var isUpdatingLocation = false
    /// Whether Core Location paused the running updates (the device stood still): they deliver nothing until the app
    /// starts them again.
    private(set) var isPaused = false
    /// Whether a `requestLocation()` is outstanding (not yet answered nor cancelled).
    private(set) var locationRequested = false
    private(set) var backgroundSessions = 0

    /// Creates the stand-in for an app with this Info.plist and this grant.
    ///
    /// - Parameters:
    ///   - infoPlist: The app's Info.plist as iOS reads it.
    ///   - status: The status the app reads.
    ///   - accuracy: The accuracy the app reads.
    ///   - alwaysRequested: Whether the upgrade to Always was shown on this install.
    init(
        infoPlist: UsageDescriptions,
        status: AuthorizationStatus,
        accuracy: AccuracyAuthorization,
        alwaysRequested: Bool
    ) {
        policy = LocationPolicy(
            declarations: infoPlist,
            grant: Grant(precise: accuracy == .fullAccuracy, alwaysPromptShown: alwaysRequested)
        )
        policy.changeSettings(status: status)
    }

    func requestWhenInUseAuthorization() {
        calls.append("requestWhenInUseAuthorization")
        if case .prompt = policy.requestWhenInUse() { appResignsActive() }
    }

    func requestAlwaysAuthorization() {
        calls.append("requestAlwaysAuthorization")
        if case .prompt = policy.requestAlways() { appResignsActive() }
    }

    func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String,
        completion: @escaping @MainActor (ManagerError?) -> Void
    ) {
        calls.append("requestTemporaryFullAccuracyAuthorization(\(purposeKey))")
        switch policy.requestTemporaryFullAccuracy(purposeKey: purposeKey) {
        case .prompt:
            accuracyCompletion = completion
            appResignsActive()
        // Apple's documentation of the completion: kCLErrorPromptDeclined whenever the prompt is not shown because the
        // purpose key is not in the Info.plist, the app already has full accuracy, or the app is in the background.
        case .complete(.alreadyDetermined):
            completion(ManagerError(code: ManagerError.promptDeclined, message: "already full accuracy"))
        case .complete(.ignored(.notInForeground)):
            answersAfterBackground()
            completion(ManagerError(code: ManagerError.promptDeclined, message: "the app is in the background"))
        case .fail(let error) where error.code == .missingTemporaryPurposeKey:
            completion(ManagerError(code: ManagerError.promptDeclined, message: "no entry for the purpose key"))
        case .fail(let error) where error.code == .notAuthorized:
            completion(ManagerError(code: ManagerError.denied, message: "not authorized"))
        case .complete, .fail, .joinPrompt:
            completion(ManagerError(code: ManagerError.denied, message: "cannot show the prompt"))
        }
    }

    @concurrent nonisolated func locationServicesEnabled() async -> Bool {
        // Block as the real check may, until a job on the main actor has run (or 5 s): on the main actor it never
        // could, and the wait would time out.
        let mainActorRan = DispatchSemaphore(value: 0)
        Task { @MainActor in mainActorRan.signal() }
        let free = mainActorRan.wait(timeout: .now() + 5) == .success
        return await MainActor.run {
            servicesChecksLeftMainActorFree.append(free)
            return servicesEnabled
        }
    }

    func requestLocation() {
        calls.append("requestLocation")
        // Apple's requestLocation() page: calling it while location services run does nothing (paused, they still
        // count as started).
        guard !isUpdatingLocation else { return }
        locationRequested = true
    }
    func startUpdatingLocation() {
        calls.append("startUpdatingLocation")
        isUpdatingLocation = true
        isPaused = false  // started again, paused updates resume
        locationRequested = false  // Core Location cancels an outstanding requestLocation()
    }
    func stopUpdatingLocation() {
        calls.append("stopUpdatingLocation")
        isUpdatingLocation = false
        isPaused = false
        locationRequested = false  // likewise
    }
    func startUpdatingHeading() { calls.append("startUpdatingHeading") }
    func stopUpdatingHeading() { calls.append("stopUpdatingHeading") }
    func startMonitoring(for region: Region) {
        regions.removeAll { $0.identifier == region.identifier }
        regions.append(region)
    }
    func stopMonitoring(for region: Region) { regions.removeAll { $0.identifier == region.identifier } }
    func apply(_ properties: LocationProperties) {
        calls.append("apply")
        appliedProperties = properties
    }
    func startMonitoringSignificantLocationChanges() {
        calls.append("startMonitoringSignificantLocationChanges")
        isMonitoringSignificantChanges = true
    }
    func stopMonitoringSignificantLocationChanges() {
        calls.append("stopMonitoringSignificantLocationChanges")
        isMonitoringSignificantChanges = false
    }
    func dismissHeadingCalibrationDisplay() { calls.append("dismissHeadingCalibrationDisplay") }
    func startServiceSession(
        authorization: ServiceSession.AuthorizationRequirement,
        fullAccuracyPurposeKey: String?,
        receive: @escaping @MainActor (Set<Diagnostic>) -> Void
    ) -> Int? {
        guard hasServiceSessions else { return nil }
        calls.append("startServiceSession")
        nextSessionToken += 1
        serviceSessions[nextSessionToken] = (authorization, fullAccuracyPurposeKey)
        serviceSessionReceivers[nextSessionToken] = receive
        return nextSessionToken
    }
    func stopServiceSession(_ token: Int) {
        calls.append("stopServiceSession")
        serviceSessions[token] = nil
        serviceSessionReceivers[token] = nil
    }
    func startMonitoringVisits() { calls.append("startMonitoringVisits") }
    func stopMonitoringVisits() { calls.append("stopMonitoringVisits") }
    func startBackgroundActivitySession() -> Bool {
        backgroundSessions += 1
        return true
    }
    func stopBackgroundActivitySession() { backgroundSessions -= 1 }

    // MARK: What the person and the device do

    /// The person taps a button of the prompt on screen.
    func answer(_ answer: PromptAnswer) {
        guard let kind = prompt, answer.kind == kind else {
            preconditionFailure("answered \(answer) with \(prompt.map { "\($0)" } ?? "no") prompt on screen")
        }
        let before = policy.authorization
        policy.answer(answer)
        policy.authorizationDidChange()
        let changed = before != policy.authorization
        if changed && callbackBeforeActive { callback?(.didChangeAuthorization) }
        appBecomesActive()
        if changed && !callbackBeforeActive { callback?(.didChangeAuthorization) }
        if kind == .temporaryFullAccuracy, let completion = accuracyCompletion {
            accuracyCompletion = nil
            completion(nil)
            if completesTwice { completion(nil) }
        }
    }

    /// The person changes the app's grant in Settings.
    func settings(status: AuthorizationStatus? = nil, accuracy: AccuracyAuthorization? = nil) {
        policy.changeSettings(status: status, precise: accuracy.map { $0 == .fullAccuracy })
        policy.authorizationDidChange()
        callback?(.didChangeAuthorization)
    }

    /// The device sends locations, whether or not the app should get them (the adapter filters).
    func send(_ callback: ManagerCallback) {
        self.callback?(callback)
    }

    /// The device stood still: Core Location pauses the running updates (`pausesLocationUpdatesAutomatically`) and
    /// tells the delegate; they deliver nothing until the app starts them again.
    func pauseUpdates() {
        guard isUpdatingLocation, !isPaused else { return }
        isPaused = true
        callback?(.didPauseLocationUpdates)
    }

    /// The device gets a fix: Core Location delivers it if updates run (not paused) or a `requestLocation()` is outstanding (which
    /// it answers), and otherwise delivers nothing.
    ///
    /// - Returns: Whether the fix was delivered.
    @discardableResult
    func locate(_ location: Location) -> Bool {
        guard (isUpdatingLocation && !isPaused) || locationRequested else { return false }
        locationRequested = false
        callback?(.didUpdateLocations([location]))
        return true
    }

    /// The device finds no fix: Core Location reports `kCLErrorLocationUnknown` if updates run (not paused) or a
    /// `requestLocation()` is outstanding (which it answers), and otherwise says nothing.
    ///
    /// - Returns: Whether the error was delivered.
    @discardableResult
    func failToLocate() -> Bool {
        guard (isUpdatingLocation && !isPaused) || locationRequested else { return false }
        locationRequested = false
        callback?(.didFailWithError(ManagerError(code: ManagerError.locationUnknown, message: "location unknown")))
        return true
    }
}

// MARK: What iOS does around the app's life, and what Core Location retrieves

extension StandInLocationManager {
    /// Whether heading updates run (the app's last heading call started them).
    var isUpdatingHeading: Bool {
        calls.last { $0 == "startUpdatingHeading" || $0 == "stopUpdatingHeading" } == "startUpdatingHeading"
    }

    /// Whether visit monitoring runs (the app's last visit call started it).
    var isMonitoringVisits: Bool {
        calls.last { $0 == "startMonitoringVisits" || $0 == "stopMonitoringVisits" } == "startMonitoringVisits"
    }

    /// Whether any service asks the device for fixes: a `requestLocation()`, updates, significant changes, visits.
    var isLocating: Bool {
        locationRequested || isUpdatingLocation || isMonitoringSignificantChanges || isMonitoringVisits
    }

    /// The person stayed at `arrival`'s place for a while: Core Location reports the visit (arrived at `arrival`'s
    /// time, not yet left) while visit monitoring runs, and nothing otherwise.
    ///
    /// - Parameter arrival: Where and when the person arrived.
    /// - Returns: Whether the visit was delivered.
    @discardableResult
    func stay(at arrival: Location) -> Bool {
        guard isMonitoringVisits else { return false }
        let visit = Visit(
            coordinate: arrival.coordinate,
            horizontalAccuracy: arrival.horizontalAccuracy,
            arrivalDate: arrival.timestamp
        )
        callback?(.didVisit(visit))
        return true
    }

    /// The device gets a fix: Core Location keeps it as ``location`` and delivers it if updates run or a
    /// `requestLocation()` is outstanding (which it answers), or to significant-change monitoring (every fix counts as
    /// a significant change here); otherwise it delivers nothing. In the background it delivers nothing unless the app
    /// may receive fixes there (rule 8: When In Use needs background updates allowed and a background session). Under
    /// reduced accuracy it delivers the approximate fix, as Core Location does.
    ///
    /// - Parameter raw: The fix.
    /// - Returns: Whether the fix was delivered.
    @discardableResult
    func retrieve(_ raw: Location) -> Bool {
        policy.backgroundSessionActive = backgroundSessions > 0
        policy.allowsBackgroundUpdates = allowsBackgroundLocationUpdates
        if policy.appState != .foreground && !policy.mayDeliverLocations { return false }
        var fix = raw
        if accuracyAuthorization == .reducedAccuracy {
            guard let approximate = Coarsener(secret: Coarsener.Secret(k0: 1, k1: 2)).approximate(raw) else {
                return false
            }
            fix = approximate
        }
        if isUpdatingLocation || locationRequested {
            location = fix
            return locate(fix)
        }
        guard isMonitoringSignificantChanges else { return false }
        location = fix
        callback?(.didUpdateLocations([fix]))
        return true
    }

    /// The compass gives a heading: Core Location keeps it as ``heading`` and delivers it while heading updates run.
    ///
    /// - Parameter heading: The heading.
    /// - Returns: Whether the heading was delivered.
    @discardableResult
    func retrieve(_ heading: Heading) -> Bool {
        guard isUpdatingHeading else { return false }
        self.heading = heading
        callback?(.didUpdateHeading(heading))
        return true
    }

    /// The app went to the background: iOS ends the grants of this use unless a background session runs (Allow Once
    /// reads `.notDetermined` again, temporary full accuracy ends), takes a When In Use or temporary prompt off the
    /// screen (calling the temporary prompt's completion), and calls the delegate if the authorization changed.
    func appEntersBackground() {
        let before = policy.authorization
        policy.backgroundSessionActive = backgroundSessions > 0
        policy.allowsBackgroundUpdates = allowsBackgroundLocationUpdates
        policy.handle(.background)
        policy.authorizationDidChange()
        if policy.authorization != before { callback?(.didChangeAuthorization) }
        // The temporary full accuracy prompt went away unanswered: Core Location still calls its completion, with the
        // accuracy unchanged.
        if policy.prompt == nil, let completion = accuracyCompletion {
            accuracyCompletion = nil
            completion(nil)
        }
    }

    /// The app came back to the foreground; nothing of its authorization changes.
    func appEntersForeground() {
        policy.handle(.foreground)
    }

    /// The app was terminated: iOS takes any prompt off the screen unanswered, ends the grants of this use and the
    /// app's updates, and calls nobody (the app is gone).
    func appTerminates() {
        policy.handle(.terminate)
        isUpdatingLocation = false
        isPaused = false
        locationRequested = false
        backgroundSessions = 0
        accuracyCompletion = nil
    }
}
