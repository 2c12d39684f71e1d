/// What app code calls to get a person's location: a `Sendable` struct of `async` closures.
///
/// On Apple platforms, `LocationClient.live()` (in `WhereaboutsCoreLocation`) is the platform's real location:
/// Core Location decides. On Linux and in tests, ``simulated(os:source:)`` runs the same rules on an
/// ``SimulatedOS`` (the simulated OS) with fixes from a source. Replace any endpoint in a test —
/// `LocationClient.unimplemented()` from WhereaboutsTesting fails the test on every endpoint it
/// does not override, so a test states exactly what its feature uses.
///
/// ```swift
/// let client = LocationClient.simulated(os: engine, source: ReplaySource(...))
/// _ = try await client.requestWhenInUseAuthorization()
/// for try await update in await client.liveUpdates() {
///     if let location = update.location { print(location.coordinate) }
/// }
/// ```
///
/// In a test:
///
/// ```swift
/// var client = LocationClient.unimplemented()
/// client.authorization = { Authorization(status: .denied, accuracy: .fullAccuracy) }
/// ```
public struct LocationClient: Sendable {
    /// The app's authorization now.
    public var authorization: @Sendable () async -> Authorization
    /// The app's authorization as last known, without waiting, as `CLLocationManager.authorizationStatus` reads:
    /// for an observable model's first value. ``authorization`` is the one to await when it must be current.
    public var authorizationSnapshot: @Sendable () -> Authorization
    /// The current authorization at once, then each change.
    public var authorizationUpdates: @Sendable () async -> AsyncStream<Authorization>
    /// Asks for When In Use authorization, as `CLLocationManager.requestWhenInUseAuthorization()`.
    ///
    /// iOS shows the when-in-use prompt only while the status is `.notDetermined`, the app is in the foreground and
    /// `NSLocationWhenInUseUsageDescription` is declared; otherwise it shows nothing, and the outcome says why
    /// (``RequestResolution/ignored(_:)``). A second request while the prompt is up waits for the same answer. The
    /// answer is reported as iOS reports it: Allow Once reads as When In Use. Throws ``LocationError`` with
    /// ``LocationError/Code/missingUsageDescription`` when the key is missing.
    ///
    /// Cancelling the calling task throws ``LocationError/cancelled`` at once; the prompt stays on screen and the
    /// person's later answer still applies (``authorizationUpdates`` brings it).
    public var requestWhenInUseAuthorization: @Sendable () async throws -> AuthorizationOutcome
    /// Asks for Always authorization, as `CLLocationManager.requestAlwaysAuthorization()`.
    ///
    /// From `.notDetermined` iOS shows the when-in-use prompt, and Allow While Using App gives provisional Always. From
    /// When In Use it shows the upgrade prompt once per install; later requests complete at once with
    /// ``IgnoredReason/alwaysAlreadyRequested``. Throws ``LocationError`` with
    /// ``LocationError/Code/missingUsageDescription`` naming both keys Always needs when either is missing.
    ///
    /// Cancelling the calling task throws ``LocationError/cancelled`` at once; the prompt stays on screen and the
    /// person's later answer still applies (``authorizationUpdates`` brings it).
    public var requestAlwaysAuthorization: @Sendable () async throws -> AuthorizationOutcome
    /// Asks for temporary full accuracy for a purpose key, a key of `NSLocationTemporaryUsageDescriptionDictionary`.
    ///
    /// Already full: returns `.fullAccuracy` at once. A decline is not an error: the outcome's accuracy is
    /// `.reducedAccuracy`. The grant ends when the app stops being in use. Throws ``LocationError`` with
    /// ``LocationError/Code/notAuthorized`` without an authorized status, and
    /// ``LocationError/Code/missingTemporaryPurposeKey`` when the key is not declared.
    ///
    /// Cancelling the calling task throws ``LocationError/cancelled`` at once; the prompt stays on screen and the
    /// person's later answer still applies (``authorizationUpdates`` brings it).
    public var requestTemporaryFullAccuracy: @Sendable (_ purposeKey: String) async throws -> AccuracyOutcome
    /// Asks for one location, as `CLLocationManager.requestLocation()`: the next fix the app may receive (approximate
    /// under reduced accuracy), also reported on ``events`` as `.didUpdateLocations`, as iOS reports it to the delegate.
    ///
    /// Throws ``LocationError`` with ``LocationError/Code/notAuthorized`` at once without an authorized status,
    /// ``LocationError/Code/notInUse`` in the background without the right to receive fixes there,
    /// ``LocationError/Code/locationUnavailable`` when no fix comes in time, and ``LocationError/Code/cancelled`` at
    /// once when the calling task is cancelled (the request ends).
    public var requestLocation: @Sendable () async throws -> Location
    /// Live updates, each with an optional location and the diagnostics that hold.
    public var liveUpdates: @Sendable () async -> AsyncThrowingStream<LocationUpdate, any Error>
    /// Live updates in batches: every update waiting for the consumer at once, as Core Location's
    /// `didUpdateLocations` hands over an array: a consumer that keeps up gets batches of one, a slower one gets what
    /// waited, in order, within the same bound on what may wait.
    ///
    /// A client made without it reads ``liveUpdates`` and hands over each update as a batch of one.
    public var liveUpdateBatches: @Sendable () async -> AsyncThrowingStream<[LocationUpdate], any Error>
    /// Every delegate event, the current authorization first.
    public var events: @Sendable () async -> AsyncStream<LocationEvent>
    /// Starts monitoring a region.
    public var startMonitoring: @Sendable (Region) async throws -> Void
    /// Stops monitoring a region.
    public var stopMonitoring: @Sendable (Region) async -> Void
    /// Starts visit monitoring.
    public var startMonitoringVisits: @Sendable () async throws -> Void
    /// Stops visit monitoring.
    public var stopMonitoringVisits: @Sendable () async -> Void
    /// Starts heading updates.
    public var startUpdatingHeading: @Sendable () async -> Void
    /// Stops heading updates.
    public var stopUpdatingHeading: @Sendable () async -> Void
    /// Allows or stops background updates (`allowsBackgroundLocationUpdates`).
    public var setAllowsBackgroundLocationUpdates: @Sendable (Bool) async throws -> Void
    /// Starts a background session (`CLBackgroundActivitySession`); returns whether it runs. As Core Location activates
    /// one, it runs only when the app is authorized, declares `location` in `UIBackgroundModes` and is in the
    /// foreground; a session already running keeps running in the background.
    public var startBackgroundSession: @Sendable () async -> Bool
    /// Ends the background session.
    public var stopBackgroundSession: @Sendable () async -> Void
    /// Whether Location Services are on for the device (`CLLocationManager.locationServicesEnabled()`).
    public var locationServicesEnabled: @Sendable () async -> Bool
    /// The last location the app received, from any service (`CLLocationManager.location`): `nil` when it may
    /// not see one, approximate under reduced accuracy, cleared when authorization is revoked.
    public var location: @Sendable () async -> Location?
    /// The last heading the app received (`CLLocationManager.heading`).
    public var heading: @Sendable () async -> Heading?
    /// Whether headings can be had (`CLLocationManager.headingAvailable()`).
    public var headingAvailable: @Sendable () async -> Bool
    /// Whether beacon ranging is possible (`CLLocationManager.isRangingAvailable()`); false on Linux.
    public var isRangingAvailable: @Sendable () async -> Bool
    /// Whether significant-change monitoring is possible.
    public var significantLocationChangeMonitoringAvailable: @Sendable () async -> Bool
    /// The largest region radius, in metres, that can be monitored; a larger one is refused.
    public var maximumRegionMonitoringDistance: @Sendable () async -> Double
    /// The regions being monitored, which survive a relaunch.
    public var monitoredRegions: @Sendable () async -> Set<Region>
    /// The manager's settings now (accuracy, distance filter, pausing, …).
    public var properties: @Sendable () async -> LocationProperties
    /// Changes some of the manager's settings; see
    /// ``set(activityType:allowsBackgroundLocationUpdates:desiredAccuracy:distanceFilter:headingFilter:headingOrientation:pausesLocationUpdatesAutomatically:showsBackgroundLocationIndicator:displaysHeadingCalibration:)``.
    public var set: @Sendable (LocationProperties.Change) async throws -> Void
    /// Starts the standard location service: `.didUpdateLocations` on ``events`` until
    /// ``stopUpdatingLocation``, filtered by the settings. Also resumes updates that paused.
    public var startUpdatingLocation: @Sendable () async -> Void
    /// Stops the standard location service.
    public var stopUpdatingLocation: @Sendable () async -> Void
    /// Starts significant-change monitoring: `.didUpdateLocations` on ``events`` when the device moved about
    /// 500 m, at most once every five minutes.
    public var startMonitoringSignificantLocationChanges: @Sendable () async -> Void
    /// Stops significant-change monitoring.
    public var stopMonitoringSignificantLocationChanges: @Sendable () async -> Void
    /// Dismisses the heading calibration display, if it shows.
    public var dismissHeadingCalibrationDisplay: @Sendable () async -> Void
    /// Starts a ``ServiceSession`` (iOS 18's `CLServiceSession`) with the authorization it needs and an
    /// optional full-accuracy purpose key; it asks when a prompt is due, and lasts until invalidated.
    /// Where Core Location has no `CLServiceSession` (before iOS 18, and on macOS, where it is unavailable), the
    /// live client asks by the same rules and reports the same diagnostics itself.
    public var startServiceSession:
        @Sendable (_ authorization: ServiceSession.AuthorizationRequirement, _ fullAccuracyPurposeKey: String?) async ->
            ServiceSession
    /// Opens the condition monitor of a name, creating it the first time, as `CLMonitor(_:)` (iOS 17, macOS 14): its
    /// conditions and records persist across launches until removed. See ``ConditionMonitor``.
    ///
    /// Throws ``LocationError`` with ``LocationError/Code/conditionMonitoringUnavailable`` where the platform has no
    /// condition monitors (watchOS, tvOS, visionOS, and iOS before 17 or macOS before 14), and with
    /// ``LocationError/Code/monitorNameUnavailable`` for an empty name and while a monitor of the name is open (close
    /// it first; Core Location ends the app instead).
    public var openMonitor: @Sendable (_ name: String) async throws -> ConditionMonitor

    /// Creates a client from its endpoints.
    ///
    /// - Parameters:
    ///   - authorization: The authorization now.
    ///   - authorizationUpdates: The authorization, then its changes.
    ///   - requestWhenInUseAuthorization: Asks for When In Use.
    ///   - requestAlwaysAuthorization: Asks for Always.
    ///   - requestTemporaryFullAccuracy: Asks for temporary full accuracy.
    ///   - requestLocation: Asks for one location.
    ///   - liveUpdates: Live updates.
    ///   - liveUpdateBatches: Live updates in batches; `nil` reads `liveUpdates` as batches of one.
    ///   - events: Delegate events.
    ///   - startMonitoring: Starts monitoring a region.
    ///   - stopMonitoring: Stops monitoring a region.
    ///   - startMonitoringVisits: Starts visit monitoring.
    ///   - stopMonitoringVisits: Stops visit monitoring.
    ///   - startUpdatingHeading: Starts heading updates.
    ///   - stopUpdatingHeading: Stops heading updates.
    ///   - setAllowsBackgroundLocationUpdates: Allows or stops background updates.
    ///   - startBackgroundSession: Starts a background session.
    ///   - stopBackgroundSession: Ends the background session.
    ///   - authorizationSnapshot: The authorization as last known, without waiting.
    ///   - locationServicesEnabled: Whether Location Services are on.
    ///   - location: The last location received.
    ///   - heading: The last heading received.
    ///   - headingAvailable: Whether headings can be had.
    ///   - isRangingAvailable: Whether beacon ranging is possible.
    ///   - significantLocationChangeMonitoringAvailable: Whether significant-change monitoring is possible.
    ///   - maximumRegionMonitoringDistance: The largest region radius.
    ///   - monitoredRegions: The regions being monitored.
    ///   - properties: The manager's settings.
    ///   - set: Changes the manager's settings.
    ///   - startUpdatingLocation: Starts the standard location service.
    ///   - stopUpdatingLocation: Stops the standard location service.
    ///   - startMonitoringSignificantLocationChanges: Starts significant-change monitoring.
    ///   - stopMonitoringSignificantLocationChanges: Stops significant-change monitoring.
    ///   - dismissHeadingCalibrationDisplay: Dismisses the heading calibration display.
    ///   - startServiceSession: Starts a service session.
    ///   - openMonitor: Opens a condition monitor; `nil` for a client without them, whose `openMonitor` throws
    ///     ``LocationError/Code/conditionMonitoringUnavailable``.
    public init(
        authorization: @escaping @Sendable () async -> Authorization,
        authorizationUpdates: @escaping @Sendable () async -> AsyncStream<Authorization>,
        requestWhenInUseAuthorization: @escaping @Sendable () async throws -> AuthorizationOutcome,
        requestAlwaysAuthorization: @escaping @Sendable () async throws -> AuthorizationOutcome,
        requestTemporaryFullAccuracy: @escaping @Sendable (_ purposeKey: String) async throws -> AccuracyOutcome,
        requestLocation: @escaping @Sendable () async throws -> Location,
        liveUpdates: @escaping @Sendable () async -> AsyncThrowingStream<LocationUpdate, any Error>,
        liveUpdateBatches: (@Sendable () async -> AsyncThrowingStream<[LocationUpdate], any Error>)? = nil,
        events: @escaping @Sendable () async -> AsyncStream<LocationEvent>,
        startMonitoring: @escaping @Sendable (Region) async throws -> Void,
        stopMonitoring: @escaping @Sendable (Region) async -> Void,
        startMonitoringVisits: @escaping @Sendable () async throws -> Void,
        stopMonitoringVisits: @escaping @Sendable () async -> Void,
        startUpdatingHeading: @escaping @Sendable () async -> Void,
        stopUpdatingHeading: @escaping @Sendable () async -> Void,
        setAllowsBackgroundLocationUpdates: @escaping @Sendable (Bool) async throws -> Void,
        startBackgroundSession: @escaping @Sendable () async -> Bool,
        stopBackgroundSession: @escaping @Sendable () async -> Void,
        authorizationSnapshot: @escaping @Sendable () -> Authorization,
        locationServicesEnabled: @escaping @Sendable () async -> Bool,
        location: @escaping @Sendable () async -> Location?,
        heading: @escaping @Sendable () async -> Heading?,
        headingAvailable: @escaping @Sendable () async -> Bool,
        isRangingAvailable: @escaping @Sendable () async -> Bool,
        significantLocationChangeMonitoringAvailable: @escaping @Sendable () async -> Bool,
        maximumRegionMonitoringDistance: @escaping @Sendable () async -> Double,
        monitoredRegions: @escaping @Sendable () async -> Set<Region>,
        properties: @escaping @Sendable () async -> LocationProperties,
        set: @escaping @Sendable (LocationProperties.Change) async throws -> Void,
        startUpdatingLocation: @escaping @Sendable () async -> Void,
        stopUpdatingLocation: @escaping @Sendable () async -> Void,
        startMonitoringSignificantLocationChanges: @escaping @Sendable () async -> Void,
        stopMonitoringSignificantLocationChanges: @escaping @Sendable () async -> Void,
        dismissHeadingCalibrationDisplay: @escaping @Sendable () async -> Void,
        startServiceSession:
            @escaping @Sendable (ServiceSession.AuthorizationRequirement, String?) async -> ServiceSession,
        openMonitor: (@Sendable (String) async throws -> ConditionMonitor)? = nil
    ) {
        self.authorization = authorization
        self.authorizationUpdates = authorizationUpdates
        self.requestWhenInUseAuthorization = requestWhenInUseAuthorization
        self.requestAlwaysAuthorization = requestAlwaysAuthorization
        self.requestTemporaryFullAccuracy = requestTemporaryFullAccuracy
        self.requestLocation = requestLocation
        self.liveUpdates = liveUpdates
        self.liveUpdateBatches = liveUpdateBatches ?? { StreamReader.batches(of: await liveUpdates()) }
        self.events = events
        self.startMonitoring = startMonitoring
        self.stopMonitoring = stopMonitoring
        self.startMonitoringVisits = startMonitoringVisits
        self.stopMonitoringVisits = stopMonitoringVisits
        self.startUpdatingHeading = startUpdatingHeading
        self.stopUpdatingHeading = stopUpdatingHeading
        self.setAllowsBackgroundLocationUpdates = setAllowsBackgroundLocationUpdates
        self.startBackgroundSession = startBackgroundSession
        self.stopBackgroundSession = stopBackgroundSession
        self.authorizationSnapshot = authorizationSnapshot
        self.locationServicesEnabled = locationServicesEnabled
        self.location = location
        self.heading = heading
        self.headingAvailable = headingAvailable
        self.isRangingAvailable = isRangingAvailable
        self.significantLocationChangeMonitoringAvailable = significantLocationChangeMonitoringAvailable
        self.maximumRegionMonitoringDistance = maximumRegionMonitoringDistance
        self.monitoredRegions = monitoredRegions
        self.properties = properties
        self.set = set
        self.startUpdatingLocation = startUpdatingLocation
        self.stopUpdatingLocation = stopUpdatingLocation
        self.startMonitoringSignificantLocationChanges = startMonitoringSignificantLocationChanges
        self.stopMonitoringSignificantLocationChanges = stopMonitoringSignificantLocationChanges
        self.dismissHeadingCalibrationDisplay = dismissHeadingCalibrationDisplay
        self.startServiceSession = startServiceSession
        self.openMonitor =
            openMonitor ?? { _ in
                throw LocationError.conditionMonitoringUnavailable(
                    "this client was made without condition monitors; make it with an openMonitor endpoint"
                )
            }
    }

    /// Asks for temporary full accuracy, with the purpose key's label at the call site.
    ///
    /// - Parameter purposeKey: A key of `NSLocationTemporaryUsageDescriptionDictionary`.
    /// - Returns: The accuracy after the request and how it ended.
    /// - Throws: What ``requestTemporaryFullAccuracy`` throws.
    public func requestTemporaryFullAccuracy(purposeKey: String) async throws -> AccuracyOutcome {
        try await requestTemporaryFullAccuracy(purposeKey)
    }

    /// Changes the given settings of the location manager; the others stay as they are.
    ///
    /// ```swift
    /// try await client.set(desiredAccuracy: .hundredMeters, distanceFilter: .meters(50))
    /// ```
    ///
    /// - Parameters:
    ///   - activityType: What the app uses location for.
    ///   - allowsBackgroundLocationUpdates: Whether updates continue in the background.
    ///   - desiredAccuracy: How accurate the app would like its fixes; `.reduced` makes them approximate.
    ///   - distanceFilter: Metres the device must move between delivered fixes, or `.noFilter`.
    ///   - headingFilter: Degrees a heading must change between delivered headings, or `.noFilter`.
    ///   - headingOrientation: The orientation headings are measured from.
    ///   - pausesLocationUpdatesAutomatically: Whether updates pause while the device stands still.
    ///   - showsBackgroundLocationIndicator: Whether the background indicator shows.
    ///   - displaysHeadingCalibration: Whether Core Location may show its heading calibration display.
    /// - Throws: ``LocationError`` ``LocationError/Code/backgroundModeMissing`` when allowing background updates
    ///   without `location` in `UIBackgroundModes` (nothing is changed then).
    public func set(
        activityType: ActivityType? = nil,
        allowsBackgroundLocationUpdates: Bool? = nil,
        desiredAccuracy: LocationAccuracy? = nil,
        distanceFilter: LocationProperties.Change.Distance? = nil,
        headingFilter: LocationProperties.Change.Angle? = nil,
        headingOrientation: DeviceOrientation? = nil,
        pausesLocationUpdatesAutomatically: Bool? = nil,
        showsBackgroundLocationIndicator: Bool? = nil,
        displaysHeadingCalibration: Bool? = nil
    ) async throws {
        try await set(
            LocationProperties.Change(
                activityType: activityType,
                allowsBackgroundLocationUpdates: allowsBackgroundLocationUpdates,
                desiredAccuracy: desiredAccuracy,
                distanceFilter: distanceFilter,
                headingFilter: headingFilter,
                headingOrientation: headingOrientation,
                pausesLocationUpdatesAutomatically: pausesLocationUpdatesAutomatically,
                showsBackgroundLocationIndicator: showsBackgroundLocationIndicator,
                displaysHeadingCalibration: displaysHeadingCalibration
            )
        )
    }

    /// Starts a ``ServiceSession``, with the labels at the call site.
    ///
    /// - Parameters:
    ///   - authorization: The authorization the session needs.
    ///   - fullAccuracyPurposeKey: A key of `NSLocationTemporaryUsageDescriptionDictionary`, to ask for full
    ///     accuracy with; `nil` for none.
    /// - Returns: The session; keep it while the feature runs, and invalidate it after.
    public func startServiceSession(
        authorization: ServiceSession.AuthorizationRequirement,
        fullAccuracyPurposeKey: String? = nil
    ) async -> ServiceSession {
        await startServiceSession(authorization, fullAccuracyPurposeKey)
    }
}
