import Whereabouts

@testable import WhereaboutsCoreLocation

/// A `CLLocationManager` stand-in that behaves as iOS does (DESIGN.md, ios-location-semantics.md):
/// a request shows a prompt only when iOS would, and otherwise does nothing and sends **no callback**;
/// the upgrade to Always is shown once per install and never after Allow Once; "Keep Only While Using"
/// changes nothing and sends nothing; a prompt makes the app resign active until it is answered.
@MainActor
final class FakeLocationManager: LocationManaging {
    var authorizationStatus: AuthorizationStatus = .notDetermined
    var accuracyAuthorization: AccuracyAuthorization = .fullAccuracy
    var locationServicesEnabled = true
    var isRegionMonitoringAvailable = true
    var allowsBackgroundLocationUpdates = false
    var callback: (@MainActor (ManagerCallback) -> Void)?

    /// The app's Info.plist as iOS reads it.
    var infoPlist: UsageDescriptions
    /// Whether the app is in the foreground, as iOS knows it.
    var isForeground = true
    /// Called when a prompt appears over the app (UIApplication's willResignActive).
    var appResignsActive: @MainActor () -> Void = {}
    /// Called when the prompt is dismissed (UIApplication's didBecomeActive).
    var appBecomesActive: @MainActor () -> Void = {}
    /// Whether iOS sends the authorization callback before the app becomes active again.
    var callbackBeforeActive = true
    /// Calls the completion of a temporary full accuracy request twice (a misbehaving OS).
    var completesTwice = false

    /// The prompt on screen, if any.
    private(set) var prompt: PermissionPrompt.Kind?
    /// Every method the adapter called, in order.
    private(set) var calls: [String] = []
    private var promptIsForAlways = false
    private var alwaysUpgradeShown = false
    private var allowOnce = false
    private var accuracyCompletion: (@MainActor (ManagerError?) -> Void)?
    private(set) var monitoredRegions: [String] = []
    private(set) var isUpdatingLocation = false
    private(set) var backgroundSessions = 0

    init(infoPlist: UsageDescriptions) {
        self.infoPlist = infoPlist
    }

    func requestWhenInUseAuthorization() {
        calls.append("requestWhenInUseAuthorization")
        guard mayPrompt, authorizationStatus == .notDetermined, infoPlist.whenInUse != nil else { return }
        show(.whenInUse, forAlways: false)
    }

    func requestAlwaysAuthorization() {
        calls.append("requestAlwaysAuthorization")
        guard mayPrompt, infoPlist.whenInUse != nil, infoPlist.always != nil else { return }
        switch authorizationStatus {
        case .notDetermined:
            show(.whenInUse, forAlways: true)
        case .authorizedWhenInUse where !allowOnce && !alwaysUpgradeShown:
            alwaysUpgradeShown = true
            show(.alwaysUpgrade, forAlways: true)
        default:
            return
        }
    }

    func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String,
        completion: @escaping @MainActor (ManagerError?) -> Void
    ) {
        calls.append("requestTemporaryFullAccuracyAuthorization(\(purposeKey))")
        guard authorizationStatus.isAuthorized, locationServicesEnabled else {
            return completion(ManagerError(code: ManagerError.denied, message: "not authorized"))
        }
        guard accuracyAuthorization == .reducedAccuracy else {
            return completion(ManagerError(code: ManagerError.promptDeclined, message: "already full accuracy"))
        }
        guard infoPlist.temporaryPurposes[purposeKey] != nil, mayPrompt else {
            return completion(ManagerError(code: ManagerError.denied, message: "cannot show the prompt"))
        }
        accuracyCompletion = completion
        show(.temporaryFullAccuracy, forAlways: false)
    }

    func requestLocation() { calls.append("requestLocation") }
    func startUpdatingLocation() {
        calls.append("startUpdatingLocation")
        isUpdatingLocation = true
    }
    func stopUpdatingLocation() {
        calls.append("stopUpdatingLocation")
        isUpdatingLocation = false
    }
    func startUpdatingHeading() { calls.append("startUpdatingHeading") }
    func stopUpdatingHeading() { calls.append("stopUpdatingHeading") }
    func startMonitoring(for region: Region) { monitoredRegions.append(region.identifier) }
    func stopMonitoring(for region: Region) { monitoredRegions.removeAll { $0 == region.identifier } }
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
        let before = (authorizationStatus, accuracyAuthorization)
        switch answer {
        case .allowOnce(let precise):
            authorizationStatus = .authorizedWhenInUse
            allowOnce = true
            accuracyAuthorization = precise ? .fullAccuracy : .reducedAccuracy
        case .allowWhileUsing(let precise):
            authorizationStatus = promptIsForAlways ? .authorizedAlways : .authorizedWhenInUse
            accuracyAuthorization = precise ? .fullAccuracy : .reducedAccuracy
        case .dontAllow:
            authorizationStatus = .denied
        case .changeToAlways:
            authorizationStatus = .authorizedAlways
        case .keepWhileUsing, .dontAllowPrecise:
            break
        case .allowPrecise:
            accuracyAuthorization = .fullAccuracy
        }
        prompt = nil
        let changed = before != (authorizationStatus, accuracyAuthorization)
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
        if let status { authorizationStatus = status }
        if let accuracy { accuracyAuthorization = accuracy }
        callback?(.didChangeAuthorization)
    }

    /// The device sends locations, whether or not the app should get them (the adapter filters).
    func send(_ callback: ManagerCallback) {
        self.callback?(callback)
    }

    private var mayPrompt: Bool {
        locationServicesEnabled && authorizationStatus != .restricted && isForeground && prompt == nil
    }

    private func show(_ kind: PermissionPrompt.Kind, forAlways: Bool) {
        prompt = kind
        promptIsForAlways = forAlways
        appResignsActive()
    }
}
