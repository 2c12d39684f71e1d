/// What app code calls to get a person's location: a `Sendable` struct of `async` closures.
///
/// On Apple platforms, `LocationClient.live()` (in `WhereaboutsCoreLocation`) is the platform's real location:
/// Core Location decides. On Linux and in tests, ``simulated(engine:source:)`` runs the same rules on an
/// ``AuthorizationEngine`` (the simulated OS) with fixes from a source. Replace any endpoint in a test —
/// `LocationClient.unimplemented()` from WhereaboutsTesting fails the test on every endpoint it
/// does not override, so a test states exactly what its feature uses.
///
/// ```swift
/// let client = LocationClient.simulated(engine: engine, source: ReplaySource(...))
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
    /// The current authorization at once, then each change.
    public var authorizationUpdates: @Sendable () async -> AsyncStream<Authorization>
    /// Asks for When In Use authorization; see ``AuthorizationEngine/requestWhenInUseAuthorization()``.
    public var requestWhenInUseAuthorization: @Sendable () async throws -> AuthorizationOutcome
    /// Asks for Always authorization; see ``AuthorizationEngine/requestAlwaysAuthorization()``.
    public var requestAlwaysAuthorization: @Sendable () async throws -> AuthorizationOutcome
    /// Asks for temporary full accuracy for a purpose key; see
    /// ``AuthorizationEngine/requestTemporaryFullAccuracy(purposeKey:)``.
    public var requestTemporaryFullAccuracy: @Sendable (_ purposeKey: String) async throws -> AccuracyOutcome
    /// Asks for one location; see ``AuthorizationEngine/requestLocation()``.
    public var requestLocation: @Sendable () async throws -> Location
    /// Live updates, each with an optional location and the diagnostics that hold.
    public var liveUpdates: @Sendable () async -> AsyncThrowingStream<LocationUpdate, any Error>
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
    /// Starts a background session; returns whether it runs.
    public var startBackgroundSession: @Sendable () async -> Bool
    /// Ends the background session.
    public var stopBackgroundSession: @Sendable () async -> Void

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
    public init(
        authorization: @escaping @Sendable () async -> Authorization,
        authorizationUpdates: @escaping @Sendable () async -> AsyncStream<Authorization>,
        requestWhenInUseAuthorization: @escaping @Sendable () async throws -> AuthorizationOutcome,
        requestAlwaysAuthorization: @escaping @Sendable () async throws -> AuthorizationOutcome,
        requestTemporaryFullAccuracy: @escaping @Sendable (_ purposeKey: String) async throws -> AccuracyOutcome,
        requestLocation: @escaping @Sendable () async throws -> Location,
        liveUpdates: @escaping @Sendable () async -> AsyncThrowingStream<LocationUpdate, any Error>,
        events: @escaping @Sendable () async -> AsyncStream<LocationEvent>,
        startMonitoring: @escaping @Sendable (Region) async throws -> Void,
        stopMonitoring: @escaping @Sendable (Region) async -> Void,
        startMonitoringVisits: @escaping @Sendable () async throws -> Void,
        stopMonitoringVisits: @escaping @Sendable () async -> Void,
        startUpdatingHeading: @escaping @Sendable () async -> Void,
        stopUpdatingHeading: @escaping @Sendable () async -> Void,
        setAllowsBackgroundLocationUpdates: @escaping @Sendable (Bool) async throws -> Void,
        startBackgroundSession: @escaping @Sendable () async -> Bool,
        stopBackgroundSession: @escaping @Sendable () async -> Void
    ) {
        self.authorization = authorization
        self.authorizationUpdates = authorizationUpdates
        self.requestWhenInUseAuthorization = requestWhenInUseAuthorization
        self.requestAlwaysAuthorization = requestAlwaysAuthorization
        self.requestTemporaryFullAccuracy = requestTemporaryFullAccuracy
        self.requestLocation = requestLocation
        self.liveUpdates = liveUpdates
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
    }

    /// Asks for temporary full accuracy, with the purpose key's label at the call site.
    ///
    /// - Parameter purposeKey: A key of `NSLocationTemporaryUsageDescriptionDictionary`.
    /// - Returns: The accuracy after the request and how it ended.
    /// - Throws: What ``requestTemporaryFullAccuracy`` throws.
    public func requestTemporaryFullAccuracy(purposeKey: String) async throws -> AccuracyOutcome {
        try await requestTemporaryFullAccuracy(purposeKey)
    }
}
