/// Rule 8: fixes reach the app in the foreground; in the background only with real Always and background updates
/// allowed, or with When In Use, background updates allowed and a background session running; allowing
/// background updates without `location` in `UIBackgroundModes` is a programmer error.
extension LocationPolicy {
    /// Whether fixes may reach the app now: through some location manager of the app (``allowsBackgroundUpdates``
    /// is whether any of them allows background updates).
    package var mayDeliverLocations: Bool {
        mayDeliverLocations(allowingBackgroundUpdates: allowsBackgroundUpdates)
    }

    /// Whether fixes may reach one location manager now: in the background only when that manager allows background
    /// updates, as each `CLLocationManager` has its own `allowsBackgroundLocationUpdates`.
    ///
    /// - Parameter allowed: Whether the manager allows background updates.
    /// - Returns: Whether its fixes may be delivered.
    package func mayDeliverLocations(allowingBackgroundUpdates allowed: Bool) -> Bool {
        let now = authorization
        guard now.status.isAuthorized else { return false }
        switch appState {
        case .foreground: return true
        case .notRunning: return false
        case .background:
            if now.status == .authorizedAlways { return mayDeliverWithAlways(allowingBackgroundUpdates: allowed) }
            return mayDeliverWithBackgroundSession(allowingBackgroundUpdates: allowed)
        }
    }

    /// Whether the app counts as in use: in the foreground, or receiving fixes in the background.
    package var isInUse: Bool { appState == .foreground || mayDeliverLocations }

    /// Whether events that need no running updates (region crossings, visits) reach the app: authorized, and in
    /// the foreground or with real (not provisional) Always — under the explicit-session opt-in, with an Always
    /// session held (rule 13).
    package var mayDeliverMonitoringEvents: Bool {
        let status = authorization.status
        guard status.isAuthorized else { return false }
        guard appState != .foreground else { return true }
        guard status == .authorizedAlways, !grant.provisionalAlways else { return false }
        return !needsExplicitSession || holdsSession(asking: .always)
    }

    /// Sets `allowsBackgroundLocationUpdates`.
    ///
    /// - Parameter allowed: Whether updates may continue in the background.
    /// - Throws: ``LocationError/Code/backgroundModeMissing`` when allowing without `location` in
    ///   `UIBackgroundModes` (iOS raises an exception).
    package mutating func setAllowsBackgroundUpdates(_ allowed: Bool) throws(LocationError) {
        if let error = backgroundUpdatesError(allowing: allowed) { throw error }
        allowsBackgroundUpdates = allowed
    }

    /// Why `allowsBackgroundLocationUpdates` cannot be set, or `nil` when it can: the platform has no background
    /// updates (visionOS, tvOS), or they need `location` in `UIBackgroundModes` and it is missing (not on macOS).
    ///
    /// - Parameter allowed: The value the app sets.
    /// - Returns: The error, or `nil`.
    package func backgroundUpdatesError(allowing allowed: Bool) -> LocationError? {
        guard allowed else { return nil }
        let rules = platform.rules
        if !rules.backgroundUpdates { return .backgroundUpdatesUnavailable }
        if rules.backgroundModeRequired && !declarations.hasLocationBackgroundMode { return .backgroundModeMissing }
        return nil
    }

    /// Whether a new `CLBackgroundActivitySession` becomes active now, by Core Location's documented conditions:
    /// the app has effective authorization, declares `location` in `UIBackgroundModes`, and is in the foreground —
    /// or resumes, at launch, a session that was active when it last ended; and the platform has such sessions (not
    /// macOS or tvOS). (Core Location makes the session object either way; an inactive one keeps nothing in use,
    /// which `insufficientlyInUse` then reports.)
    package var backgroundSessionWouldActivate: Bool {
        platform.rules.backgroundActivitySessions && authorization.status.isAuthorized
            && declarations.hasLocationBackgroundMode && (appState == .foreground || resumableBackgroundSession)
    }

    /// Starts a background session; as on iOS, only in the foreground, or at once after a launch when the session
    /// was active when the app last ended (it is resumed, even in the background).
    ///
    /// - Returns: Whether a session runs.
    @discardableResult
    package mutating func startBackgroundSession() -> Bool {
        guard platform.rules.backgroundActivitySessions else { return backgroundSessionActive }
        if appState == .foreground || (resumableBackgroundSession && authorization.status.isAuthorized) {
            backgroundSessionActive = true
            resumableBackgroundSession = false
        }
        return backgroundSessionActive
    }

    /// Ends the background session; in the background the app stops being in use.
    package mutating func stopBackgroundSession() {
        backgroundSessionActive = false
        if appState != .foreground { stopBeingInUse() }
    }

    /// Why a one-shot location request cannot start now, or `nil` when it can: it needs an authorized status,
    /// and the right to receive fixes where the app is (rule 8).
    package var locationRequestError: LocationError? {
        locationRequestError(allowingBackgroundUpdates: allowsBackgroundUpdates)
    }

    /// ``locationRequestError`` for one location manager, by its own `allowsBackgroundLocationUpdates`.
    ///
    /// - Parameter allowed: Whether the manager allows background updates.
    /// - Returns: Why its request cannot start, or `nil`.
    package func locationRequestError(allowingBackgroundUpdates allowed: Bool) -> LocationError? {
        let now = authorization
        guard now.status.isAuthorized else {
            return .notAuthorized(now.status, servicesEnabled: now.servicesEnabled)
        }
        guard mayDeliverLocations(allowingBackgroundUpdates: allowed) else { return .notInUse }
        return nil
    }

    /// The heading as the app may receive it: only while the app is in use; a compass needs no authorization,
    /// but the true heading (which needs the position) is withheld while location is not authorized.
    ///
    /// - Parameter heading: The heading from the device.
    /// - Returns: What the app receives, or `nil` when it receives nothing.
    package func deliverable(_ heading: Heading) -> Heading? {
        guard isInUse else { return nil }
        var delivered = heading
        if !authorization.status.isAuthorized { delivered.trueHeading = nil }
        return delivered
    }
}
