// The Apple platforms whose Core Location has live updates: iOS, iPadOS, Mac Catalyst and visionOS (UIKit), macOS
// (AppKit) and watchOS (WatchKit); not tvOS (no live updates, no Always). What a platform lacks is left out below:
// visionOS has no Always, heading (nor headingFilter, headingOrientation or the calibration display), visits, region
// monitoring, significant changes, background updates, pausing or background indicator; watchOS no visits, region
// monitoring, significant changes, ranging, pausing or background indicator; macOS no stopUpdatingHeading(),
// showsBackgroundLocationIndicator, CLBackgroundActivitySession or CLServiceSession.
//
// The conditions let scripts/check-apple.sh type-check every arm on Linux against the stand-ins in AppleStandIns/:
// canImport(UIKit) and canImport(AppKit) are true with those stand-ins, and STANDIN_TVOS, STANDIN_VISIONOS and
// STANDIN_WATCHOS (set only by the check) stand for os(tvOS), os(visionOS) and os(watchOS), which no define can switch
// on.
#if canImport(CoreLocation) && !(os(tvOS) || STANDIN_TVOS) && (canImport(UIKit) || canImport(AppKit) || os(watchOS) || STANDIN_WATCHOS)
import CoreLocation
import Foundation
import Whereabouts

/// `CLLocationManager` behind ``LocationManaging``: the thin, Apple-only part of the adapter.
///
/// It converts types and forwards calls; every decision is the adapter's, which is tested on Linux.
/// Create it on the main thread: Core Location delivers the delegate callbacks on the thread whose run
/// loop created the manager, and never if that thread has none.
@MainActor
final class CoreLocationManager: NSObject, LocationManaging, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    #if canImport(UIKit) || os(watchOS) || STANDIN_WATCHOS
    /// `CLBackgroundActivitySession`: iOS 17, Mac Catalyst 17, watchOS 10 and visionOS 1; not macOS.
    private var backgroundSession: CLBackgroundActivitySession?
    #endif
    /// How to end each `CLServiceSession` the app holds, by token (the type itself is iOS 18 and later, which a
    /// stored property cannot be; never on macOS, which has none).
    private var serviceSessions: [Int: () -> Void] = [:]
    private var lastServiceSessionToken = 0
    /// What `locationManagerShouldDisplayHeadingCalibration(_:)` answers: the app's
    /// ``LocationProperties/displaysHeadingCalibration``.
    private var displaysHeadingCalibration = LocationProperties().displaysHeadingCalibration
    var callback: (@MainActor (ManagerCallback) -> Void)?

    override init() {
        super.init()
        manager.delegate = self
        #if canImport(UIKit) || os(watchOS) || STANDIN_WATCHOS
        // Read at once: the app becoming active from now on closes the launch's window to resume a session.
        _ = LaunchWindow.isOpen
        #endif
    }

    /// Whether a background activity session kept from the app's last run may be resumed now: in a launch in the
    /// background, before the app has been active or started one (``LaunchWindow``). Never on macOS.
    var mayResumeBackgroundActivitySession: Bool {
        #if canImport(UIKit) || os(watchOS) || STANDIN_WATCHOS
        LaunchWindow.isOpen
        #else
        false
        #endif
    }

    var authorizationStatus: AuthorizationStatus {
        AuthorizationStatus(rawValue: Int(manager.authorizationStatus.rawValue)) ?? .notDetermined
    }

    var accuracyAuthorization: AccuracyAuthorization {
        AccuracyAuthorization(rawValue: manager.accuracyAuthorization.rawValue) ?? .reducedAccuracy
    }

    /// Runs on the global executor, never on the main actor: Apple warns that the class method can block.
    #if compiler(>=6.2)
    @concurrent nonisolated func locationServicesEnabled() async -> Bool {
        CLLocationManager.locationServicesEnabled()
    }
    #else
    nonisolated func locationServicesEnabled() async -> Bool {
        CLLocationManager.locationServicesEnabled()
    }
    #endif

    var isRegionMonitoringAvailable: Bool {
        #if os(visionOS) || STANDIN_VISIONOS || os(watchOS) || STANDIN_WATCHOS
        false
        #else
        CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self)
        #endif
    }

    /// The capabilities of the platform this is compiled for, from the same rules the simulated OS follows.
    var capabilities: ManagerCapabilities {
        ManagerCapabilities(platform: Self.platform)
    }

    /// The platform this is compiled for (Mac Catalyst's Core Location is iOS's).
    static var platform: Platform {
        #if os(visionOS) || STANDIN_VISIONOS
        .visionOS
        #elseif os(watchOS) || STANDIN_WATCHOS
        .watchOS
        #elseif canImport(UIKit)
        .iOS
        #else
        .macOS
        #endif
    }

    var location: Location? {
        manager.location.map(Location.init(coreLocation:))
    }

    var heading: Heading? {
        #if os(visionOS) || STANDIN_VISIONOS
        nil
        #else
        manager.heading.map(Heading.init(coreLocation:))
        #endif
    }

    /// `CLLocationManager.headingAvailable()`; false on visionOS, whose Core Location has the class method but no
    /// heading updates to start.
    var headingAvailable: Bool {
        #if os(visionOS) || STANDIN_VISIONOS
        false
        #else
        CLLocationManager.headingAvailable()
        #endif
    }

    var isRangingAvailable: Bool {
        #if os(watchOS) || STANDIN_WATCHOS
        false
        #else
        CLLocationManager.isRangingAvailable()
        #endif
    }

    var significantLocationChangeMonitoringAvailable: Bool {
        #if os(visionOS) || STANDIN_VISIONOS || os(watchOS) || STANDIN_WATCHOS
        false
        #else
        CLLocationManager.significantLocationChangeMonitoringAvailable()
        #endif
    }

    var maximumRegionMonitoringDistance: Double {
        #if os(visionOS) || STANDIN_VISIONOS || os(watchOS) || STANDIN_WATCHOS
        0
        #else
        manager.maximumRegionMonitoringDistance
        #endif
    }

    /// The circular regions Core Location monitors for the app, by identifier (other kinds, such as beacon regions,
    /// are not Whereabouts regions and are left out).
    var monitoredRegions: [Region] {
        #if os(visionOS) || STANDIN_VISIONOS || os(watchOS) || STANDIN_WATCHOS
        []
        #else
        manager.monitoredRegions
            .compactMap { $0 as? CLCircularRegion }
            .map(Region.init(coreLocation:))
            .sorted { $0.identifier < $1.identifier }
        #endif
    }

    var allowsBackgroundLocationUpdates: Bool {
        get {
            #if os(visionOS) || STANDIN_VISIONOS
            false
            #else
            manager.allowsBackgroundLocationUpdates
            #endif
        }
        set {
            #if !(os(visionOS) || STANDIN_VISIONOS)
            manager.allowsBackgroundLocationUpdates = newValue
            #endif
        }
    }

    func requestWhenInUseAuthorization() { manager.requestWhenInUseAuthorization() }

    func requestAlwaysAuthorization() {
        #if !(os(visionOS) || STANDIN_VISIONOS)
        manager.requestAlwaysAuthorization()
        #endif
    }

    func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String,
        completion: @escaping @MainActor (ManagerError?) -> Void
    ) {
        manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) { error in
            let converted = error.map(ManagerError.init(coreLocation:))
            Task { @MainActor in completion(converted) }
        }
    }

    func requestLocation() { manager.requestLocation() }
    func startUpdatingLocation() { manager.startUpdatingLocation() }
    func stopUpdatingLocation() { manager.stopUpdatingLocation() }

    func startUpdatingHeading() {
        #if !(os(visionOS) || STANDIN_VISIONOS)
        manager.startUpdatingHeading()
        #endif
    }

    func stopUpdatingHeading() {
        // macOS has startUpdatingHeading() but no stopUpdatingHeading() (API_UNAVAILABLE(tvos, macos)): a Mac has
        // no magnetometer, so its manager never delivers a heading to stop. visionOS has neither.
        #if (canImport(UIKit) || os(watchOS) || STANDIN_WATCHOS) && !(os(visionOS) || STANDIN_VISIONOS)
        manager.stopUpdatingHeading()
        #endif
    }

    func startMonitoring(for region: Region) {
        #if !(os(visionOS) || STANDIN_VISIONOS || os(watchOS) || STANDIN_WATCHOS)
        let circle = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: region.center.latitude, longitude: region.center.longitude),
            radius: region.radius,
            identifier: region.identifier
        )
        circle.notifyOnEntry = region.notifyOnEntry
        circle.notifyOnExit = region.notifyOnExit
        manager.startMonitoring(for: circle)
        #endif
    }

    func stopMonitoring(for region: Region) {
        #if !(os(visionOS) || STANDIN_VISIONOS || os(watchOS) || STANDIN_WATCHOS)
        for monitored in manager.monitoredRegions where monitored.identifier == region.identifier {
            manager.stopMonitoring(for: monitored)
        }
        #endif
    }

    func startMonitoringVisits() {
        #if !(os(visionOS) || STANDIN_VISIONOS || os(watchOS) || STANDIN_WATCHOS)
        manager.startMonitoringVisits()
        #endif
    }

    func stopMonitoringVisits() {
        #if !(os(visionOS) || STANDIN_VISIONOS || os(watchOS) || STANDIN_WATCHOS)
        manager.stopMonitoringVisits()
        #endif
    }

    func apply(_ properties: LocationProperties) {
        manager.desiredAccuracy = Self.coreLocationAccuracy(properties.desiredAccuracy)
        manager.distanceFilter = properties.distanceFilter ?? kCLDistanceFilterNone
        manager.activityType = Self.coreLocationActivity(properties.activityType)
        #if !(os(visionOS) || STANDIN_VISIONOS)
        manager.headingFilter = properties.headingFilter ?? kCLHeadingFilterNone
        manager.headingOrientation = Self.coreLocationOrientation(properties.headingOrientation)
        #endif
        displaysHeadingCalibration = properties.displaysHeadingCalibration
        // visionOS has pausing too, on by default as on iOS: left alone there, updates could stop silently.
        #if !(os(watchOS) || STANDIN_WATCHOS)
        manager.pausesLocationUpdatesAutomatically = properties.pausesLocationUpdatesAutomatically
        #endif
        // iOS, iPadOS and Mac Catalyst only: API_UNAVAILABLE(macos, watchos) and absent on visionOS (watchOS has a
        // UIKit too, so canImport(UIKit) alone would let it in).
        #if canImport(UIKit) && !(os(visionOS) || STANDIN_VISIONOS || os(watchOS) || STANDIN_WATCHOS)
        manager.showsBackgroundLocationIndicator = properties.showsBackgroundLocationIndicator
        #endif
    }

    func startMonitoringSignificantLocationChanges() {
        #if !(os(visionOS) || STANDIN_VISIONOS || os(watchOS) || STANDIN_WATCHOS)
        manager.startMonitoringSignificantLocationChanges()
        #endif
    }

    func stopMonitoringSignificantLocationChanges() {
        #if !(os(visionOS) || STANDIN_VISIONOS || os(watchOS) || STANDIN_WATCHOS)
        manager.stopMonitoringSignificantLocationChanges()
        #endif
    }

    func dismissHeadingCalibrationDisplay() {
        #if !(os(visionOS) || STANDIN_VISIONOS)
        manager.dismissHeadingCalibrationDisplay()
        #endif
    }

    func startServiceSession(
        authorization: ServiceSession.AuthorizationRequirement,
        fullAccuracyPurposeKey: String?,
        receive: @escaping @MainActor (Set<Diagnostic>) -> Void
    ) -> Int? {
        // macOS has no CLServiceSession (its header marks it API_UNAVAILABLE(macos), which `#available` cannot get
        // round): there, as before iOS 18, this returns nil and the client logic asks by the session's rules and
        // reports its diagnostics itself.
        #if canImport(UIKit) || os(watchOS) || STANDIN_WATCHOS
        if #available(iOS 18, macCatalyst 18, watchOS 11, visionOS 2, *) {
            let requirement: CLServiceSession.AuthorizationRequirement =
                switch authorization {
                case .noAuthorization: .none
                case .whenInUse: .whenInUse
                case .always: .always
                }
            let session =
                if let key = fullAccuracyPurposeKey {
                    CLServiceSession(authorization: requirement, fullAccuracyPurposeKey: key)
                } else {
                    CLServiceSession(authorization: requirement)
                }
            let reading = Task { @MainActor in
                // The sequence ends (or throws) once the session is invalidated; the adapter then finishes the
                // app's stream itself, so an error here has nothing more to say.
                do {
                    for try await diagnostic in session.diagnostics {
                        receive(Self.diagnostics(diagnostic))
                    }
                } catch {}
            }
            lastServiceSessionToken += 1
            serviceSessions[lastServiceSessionToken] = {
                reading.cancel()
                session.invalidate()
            }
            return lastServiceSessionToken
        }
        #endif
        return nil
    }

    func stopServiceSession(_ token: Int) {
        serviceSessions.removeValue(forKey: token)?()
    }

    func startBackgroundActivitySession() -> Bool {
        #if canImport(UIKit) || os(watchOS) || STANDIN_WATCHOS
        if backgroundSession == nil { backgroundSession = CLBackgroundActivitySession() }
        LaunchWindow.close()
        return true
        #else
        return false
        #endif
    }

    func stopBackgroundActivitySession() {
        #if canImport(UIKit) || os(watchOS) || STANDIN_WATCHOS
        backgroundSession?.invalidate()
        backgroundSession = nil
        #endif
    }

    // MARK: CLLocationManagerDelegate (called on the main thread, where the manager was made)

    nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        MainActor.assumeIsolated { callback?(.didChangeAuthorization) }
    }

    nonisolated func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        let converted = locations.map(Location.init(coreLocation:))
        MainActor.assumeIsolated { callback?(.didUpdateLocations(converted)) }
    }

    nonisolated func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        let converted = ManagerError(coreLocation: error)
        MainActor.assumeIsolated { callback?(.didFailWithError(converted)) }
    }

    #if !(os(visionOS) || STANDIN_VISIONOS)
    nonisolated func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        let converted = Heading(coreLocation: newHeading)
        MainActor.assumeIsolated { callback?(.didUpdateHeading(converted)) }
    }

    // Apple's page for this delegate method (CLLocationManagerDelegate, "locationManagerShouldDisplayHeadingCalibration
    // (_:)") says Core Location asks it when the compass needs calibrating (the first heading request, or a large
    // change in the magnetic field), shows its calibration display only on `true`, and keeps it up until calibration
    // completes or the app calls dismissHeadingCalibrationDisplay(); a delegate without the method gets no display.
    // So the app decides, with LocationProperties.displaysHeadingCalibration, whose default (false) is what a
    // delegate without the method gets.
    nonisolated func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool {
        MainActor.assumeIsolated { displaysHeadingCalibration }
    }
    #endif

    // Regions and visits: not visionOS or watchOS.
    #if !(os(visionOS) || STANDIN_VISIONOS || os(watchOS) || STANDIN_WATCHOS)
    nonisolated func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        let identifier = region.identifier
        MainActor.assumeIsolated { callback?(.didEnterRegion(identifier)) }
    }

    nonisolated func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {
        let identifier = region.identifier
        MainActor.assumeIsolated { callback?(.didExitRegion(identifier)) }
    }

    nonisolated func locationManager(
        _ manager: CLLocationManager,
        monitoringDidFailFor region: CLRegion?,
        withError error: any Error
    ) {
        let identifier = region?.identifier
        let converted = ManagerError(coreLocation: error)
        MainActor.assumeIsolated {
            callback?(.monitoringDidFail(regionIdentifier: identifier, converted))
        }
    }

    nonisolated func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
        let converted = Visit(coreLocation: visit)
        MainActor.assumeIsolated { callback?(.didVisit(converted)) }
    }

    #endif

    // Pausing: not watchOS (visionOS has it, and pauses by default).
    #if !(os(watchOS) || STANDIN_WATCHOS)
    nonisolated func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
        MainActor.assumeIsolated { callback?(.didPauseLocationUpdates) }
    }

    nonisolated func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {
        MainActor.assumeIsolated { callback?(.didResumeLocationUpdates) }
    }
    #endif
}

// MARK: Conversions to Core Location

extension CoreLocationManager {
    /// The `desiredAccuracy` for an accuracy: a `kCLLocationAccuracy…` constant, or metres.
    static func coreLocationAccuracy(_ accuracy: LocationAccuracy) -> CLLocationAccuracy {
        switch accuracy {
        case .bestForNavigation: kCLLocationAccuracyBestForNavigation
        case .best: kCLLocationAccuracyBest
        case .nearestTenMeters: kCLLocationAccuracyNearestTenMeters
        case .hundredMeters: kCLLocationAccuracyHundredMeters
        case .kilometer: kCLLocationAccuracyKilometer
        case .threeKilometers: kCLLocationAccuracyThreeKilometers
        case .reduced: kCLLocationAccuracyReduced
        case .meters(let metres): metres
        }
    }

    /// The `CLActivityType` for an activity type.
    static func coreLocationActivity(_ activity: ActivityType) -> CLActivityType {
        switch activity {
        case .other: .other
        case .automotiveNavigation: .automotiveNavigation
        case .fitness: .fitness
        case .otherNavigation: .otherNavigation
        case .airborne: .airborne
        }
    }

    #if !(os(visionOS) || STANDIN_VISIONOS)
    /// The `CLDeviceOrientation` for an orientation.
    static func coreLocationOrientation(_ orientation: DeviceOrientation) -> CLDeviceOrientation {
        switch orientation {
        case .unknown: .unknown
        case .portrait: .portrait
        case .portraitUpsideDown: .portraitUpsideDown
        case .landscapeLeft: .landscapeLeft
        case .landscapeRight: .landscapeRight
        case .faceUp: .faceUp
        case .faceDown: .faceDown
        }
    }
    #endif

    #if canImport(UIKit) || os(watchOS) || STANDIN_WATCHOS
    /// The diagnostics a `CLServiceSession.Diagnostic` reports, as a set (not on macOS, which has no
    /// `CLServiceSession`).
    @available(iOS 18, macCatalyst 18, watchOS 11, visionOS 2, *)
    static func diagnostics(_ diagnostic: CLServiceSession.Diagnostic) -> Set<Diagnostic> {
        let flags: [(Bool, Diagnostic)] = [
            (diagnostic.authorizationDenied, .authorizationDenied),
            (diagnostic.authorizationDeniedGlobally, .authorizationDeniedGlobally),
            (diagnostic.authorizationRestricted, .authorizationRestricted),
            (diagnostic.insufficientlyInUse, .insufficientlyInUse),
            (diagnostic.fullAccuracyDenied, .fullAccuracyDenied),
            (diagnostic.alwaysAuthorizationDenied, .alwaysAuthorizationDenied),
            (diagnostic.serviceSessionRequired, .serviceSessionRequired),
            (diagnostic.authorizationRequestInProgress, .authorizationRequestInProgress),
        ]
        return Set(flags.filter(\.0).map(\.1))
    }
    #endif
}

// MARK: Conversions from Core Location: its negative values mean "unknown", which Whereabouts spells nil.

extension Location {
    /// A location from a `CLLocation`.
    init(coreLocation location: CLLocation) {
        self.init(
            coordinate: Coordinate(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude),
            altitude: location.verticalAccuracy >= 0 ? location.altitude : nil,
            horizontalAccuracy: location.horizontalAccuracy,
            verticalAccuracy: location.verticalAccuracy >= 0 ? location.verticalAccuracy : nil,
            speed: location.speed >= 0 ? location.speed : nil,
            course: location.course >= 0 ? location.course : nil,
            timestamp: location.timestamp
        )
    }
}

#if !(os(visionOS) || STANDIN_VISIONOS)
extension Heading {
    /// A heading from a `CLHeading`.
    init(coreLocation heading: CLHeading) {
        self.init(
            magneticHeading: heading.magneticHeading,
            trueHeading: heading.trueHeading >= 0 ? heading.trueHeading : nil,
            headingAccuracy: heading.headingAccuracy,
            timestamp: heading.timestamp
        )
    }
}

#endif

#if !(os(visionOS) || STANDIN_VISIONOS || os(watchOS) || STANDIN_WATCHOS)
extension Region {
    /// A region from a `CLCircularRegion`.
    init(coreLocation region: CLCircularRegion) {
        self.init(
            identifier: region.identifier,
            center: Coordinate(latitude: region.center.latitude, longitude: region.center.longitude),
            radius: region.radius,
            notifyOnEntry: region.notifyOnEntry,
            notifyOnExit: region.notifyOnExit
        )
    }
}

extension Visit {
    /// A visit from a `CLVisit`; an unknown departure (`distantFuture`) is nil.
    init(coreLocation visit: CLVisit) {
        self.init(
            coordinate: Coordinate(latitude: visit.coordinate.latitude, longitude: visit.coordinate.longitude),
            horizontalAccuracy: visit.horizontalAccuracy,
            arrivalDate: visit.arrivalDate,
            departureDate: visit.departureDate == .distantFuture ? nil : visit.departureDate
        )
    }
}

#endif

extension ManagerError {
    /// A `CLError`'s code and description; another error keeps its description, with code -1.
    init(coreLocation error: any Error) {
        let error = error as NSError
        self.init(code: error.domain == kCLErrorDomain ? error.code : -1, message: error.localizedDescription)
    }
}
#endif
