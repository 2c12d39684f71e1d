/// The part of `CLLocationManager` the adapter uses, in Whereabouts' own types.
///
/// On Apple platforms `CoreLocationManager` implements it over a real `CLLocationManager`; on Linux
/// the tests implement it with a stand-in that runs on ``LocationPolicy`` (the same rules the simulated OS
/// follows), so every line of the adapter's logic is compiled and tested without Core Location. Like `CLLocationManager`, it lives
/// on the main thread, and its callbacks (``callback``) arrive there.
@MainActor
package protocol LocationManaging: AnyObject, Sendable {
    /// `authorizationStatus`.
    var authorizationStatus: AuthorizationStatus { get }
    /// `accuracyAuthorization`.
    var accuracyAuthorization: AccuracyAuthorization { get }
    /// `CLLocationManager.locationServicesEnabled()`, called off the main actor: it can block, and Xcode warns that
    /// it "can cause UI unresponsiveness if invoked on the main thread".
    #if compiler(>=6.2)
    @concurrent nonisolated func locationServicesEnabled() async -> Bool
    #else
    // Before Swift 6.2 a nonisolated async function already runs off the main actor.
    nonisolated func locationServicesEnabled() async -> Bool
    #endif
    /// `CLLocationManager.isMonitoringAvailable(for: CLCircularRegion.self)`; false where the platform has no
    /// region monitoring.
    var isRegionMonitoringAvailable: Bool { get }
    /// What else the platform's Core Location offers.
    var capabilities: ManagerCapabilities { get }
    /// `allowsBackgroundLocationUpdates`. iOS raises an exception when it is set to `true` without
    /// `location` in `UIBackgroundModes`; the adapter checks the declarations first.
    var allowsBackgroundLocationUpdates: Bool { get set }
    /// `location`: the most recent fix Core Location retrieved.
    var location: Location? { get }
    /// `heading`: the most recent heading; `nil` where the platform has none.
    var heading: Heading? { get }
    /// `CLLocationManager.headingAvailable()`.
    var headingAvailable: Bool { get }
    /// `CLLocationManager.isRangingAvailable()`; false where the platform has no ranging.
    var isRangingAvailable: Bool { get }
    /// `CLLocationManager.significantLocationChangeMonitoringAvailable()`; false where the platform has none.
    var significantLocationChangeMonitoringAvailable: Bool { get }
    /// `maximumRegionMonitoringDistance`; 0 where the platform has no region monitoring.
    var maximumRegionMonitoringDistance: Double { get }
    /// `monitoredRegions`, as circular regions (Core Location keeps them across launches).
    var monitoredRegions: [Region] { get }
    /// Where the delegate callbacks go, set once by the adapter.
    var callback: (@MainActor (ManagerCallback) -> Void)? { get set }

    /// `requestWhenInUseAuthorization()`: may show a prompt; sends a callback only if the status changes.
    func requestWhenInUseAuthorization()
    /// `requestAlwaysAuthorization()`: may show a prompt; sends a callback only if the status changes.
    func requestAlwaysAuthorization()
    /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)`; the completion gets
    /// `nil` when the prompt was shown, or why it could not be.
    func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String,
        completion: @escaping @MainActor (ManagerError?) -> Void
    )
    /// `requestLocation()`: one `didUpdateLocations` or one `didFailWithError`.
    func requestLocation()
    /// `startUpdatingLocation()`.
    func startUpdatingLocation()
    /// `stopUpdatingLocation()`.
    func stopUpdatingLocation()
    /// `startUpdatingHeading()`.
    func startUpdatingHeading()
    /// `stopUpdatingHeading()`.
    func stopUpdatingHeading()
    /// `startMonitoring(for:)` with a `CLCircularRegion`.
    func startMonitoring(for region: Region)
    /// `stopMonitoring(for:)`.
    func stopMonitoring(for region: Region)
    /// `startMonitoringVisits()`.
    func startMonitoringVisits()
    /// `stopMonitoringVisits()`.
    func stopMonitoringVisits()
    /// Sets `desiredAccuracy`, `distanceFilter`, `activityType`, `headingFilter`, `headingOrientation`,
    /// `pausesLocationUpdatesAutomatically` and `showsBackgroundLocationIndicator`, where the platform has them
    /// (`allowsBackgroundLocationUpdates` is set on its own), and keeps `displaysHeadingCalibration` for the
    /// delegate's `locationManagerShouldDisplayHeadingCalibration(_:)` to answer with.
    func apply(_ properties: LocationProperties)
    /// `startMonitoringSignificantLocationChanges()`.
    func startMonitoringSignificantLocationChanges()
    /// `stopMonitoringSignificantLocationChanges()`.
    func stopMonitoringSignificantLocationChanges()
    /// `dismissHeadingCalibrationDisplay()`.
    func dismissHeadingCalibrationDisplay()
    /// Starts a `CLServiceSession` (iOS 18, watchOS 11, visionOS 2; macOS has none) whose diagnostics go to `receive`;
    /// returns the token to end it with, or `nil` where the platform has no `CLServiceSession` (the adapter then
    /// asks by the same rules itself).
    func startServiceSession(
        authorization: ServiceSession.AuthorizationRequirement,
        fullAccuracyPurposeKey: String?,
        receive: @escaping @MainActor (Set<Diagnostic>) -> Void
    ) -> Int?
    /// Invalidates a `CLServiceSession` started with ``startServiceSession(authorization:fullAccuracyPurposeKey:receive:)``.
    func stopServiceSession(_ token: Int)
    /// The diagnostics of a session started with ``startServiceSession(authorization:fullAccuracyPurposeKey:receive:)``
    /// straight from the OS, as each reader of `CLServiceSession.diagnostics` gets them: the set that holds when the
    /// reader starts, then each change, until the session ends. `nil` where they reach the adapter only through
    /// `receive`, which gives a new reader the set last forwarded rather than the one that holds.
    func serviceSessionDiagnostics(_ token: Int) -> (@Sendable () -> AsyncStream<Set<Diagnostic>>)?
    /// Starts a `CLBackgroundActivitySession`; returns whether one runs.
    func startBackgroundActivitySession() -> Bool
    /// Invalidates the background activity session, if any.
    func stopBackgroundActivitySession()
    /// Whether a background activity session kept from the app's last run may be resumed now, even in the background.
    var mayResumeBackgroundActivitySession: Bool { get }
    /// Returns once the calls made so far have reached the OS: at once for Core Location, whose calls take effect
    /// before they return; a simulated manager waits for its queue of calls.
    func settle() async
}

extension LocationManaging {
    /// Core Location's calls take effect before they return: nothing to wait for.
    package func settle() async {}

    /// Whether a background activity session that was active when the app last ended may be resumed now, at launch,
    /// even in the background (`CLBackgroundActivitySession.h`). `false` unless the manager says: the client logic
    /// then starts a session only in the foreground. The simulated OS's manager asks the OS; the Core Location
    /// manager reads the launch (in the background, before the app has been active).
    package var mayResumeBackgroundActivitySession: Bool { false }

    /// The session's diagnostics reach the adapter through `receive` only.
    package func serviceSessionDiagnostics(_ token: Int) -> (@Sendable () -> AsyncStream<Set<Diagnostic>>)? { nil }
}
