/// The manager's settings, the standard and significant-change services, what the app last received, and service
/// sessions, forwarded to Core Location.
extension ManagerClient {
    /// Changes the manager's settings: all of the change, or nothing when it allows background updates without
    /// the `location` background mode (iOS would raise an exception) or where the platform has no background
    /// updates.
    ///
    /// A setting the platform's Core Location does not have is not set; ``currentProperties`` then reports what the
    /// platform does instead (updates that never pause, no background indicator, the default heading filter and
    /// orientation, no heading calibration display).
    func set(_ change: LocationProperties.Change) throws {
        if let allowed = change.allowsBackgroundLocationUpdates {
            try setAllowsBackgroundLocationUpdates(allowed)
        }
        policy.properties.apply(change)
        policy.properties = supported(policy.properties)
        policy.properties.allowsBackgroundLocationUpdates = policy.allowsBackgroundUpdates
        manager.apply(policy.properties)
        if !policy.properties.pausesLocationUpdatesAutomatically { resumeAfterPause() }
    }

    /// The manager's settings now.
    var currentProperties: LocationProperties {
        var now = supported(policy.properties)
        now.allowsBackgroundLocationUpdates = policy.allowsBackgroundUpdates
        return now
    }

    /// The settings as the platform's Core Location has them: where it lacks one, what it does instead.
    private func supported(_ wanted: LocationProperties) -> LocationProperties {
        let capabilities = manager.capabilities
        var supported = wanted
        if !capabilities.pausing { supported.pausesLocationUpdatesAutomatically = false }
        if !capabilities.backgroundIndicator { supported.showsBackgroundLocationIndicator = false }
        if !capabilities.heading {
            let defaults = LocationProperties()
            supported.headingFilter = defaults.headingFilter
            supported.headingOrientation = defaults.headingOrientation
            supported.displaysHeadingCalibration = false
        }
        return supported
    }

    /// Starts the standard location service: `.didUpdateLocations` on ``events()`` once the app is authorized
    /// (again after a pause: Core Location resumes updates when they are started). Denied or restricted, an error
    /// event says so, as Core Location reports `kCLErrorDenied`.
    func startUpdatingLocation() {
        guard manager.capabilities.liveUpdates else {
            broadcast(.didFailWithError(.liveUpdatesUnavailable))
            return
        }
        standardServiceStarted = true
        authorizationMayHaveChanged()
        if isUpdatingLocation {
            resumeAfterPause()
        } else {
            updateDemand()
        }
        if current.status == .denied || current.status == .restricted {
            broadcast(.didFailWithError(.notAuthorized(current.status, servicesEnabled: current.servicesEnabled)))
        }
    }

    /// Stops the standard location service, unless live updates still need it.
    func stopUpdatingLocation() {
        standardServiceStarted = false
        updateDemand()
    }

    /// Updates that Core Location paused start again: the adapter starts them, and tells the app they resumed. Not
    /// when they paused under When In Use: Core Location then delivers none until the app launches again (rule 14).
    func resumeAfterPause() {
        guard paused, isUpdatingLocation, !policy.updatesEndedByPause else { return }
        manager.startUpdatingLocation()
        paused = false
        broadcast(.didResumeLocationUpdates)
        refreshDiagnostics()
    }

    /// Starts significant-change monitoring, where the platform has it; otherwise an error event says so.
    func startMonitoringSignificantLocationChanges() {
        guard manager.significantLocationChangeMonitoringAvailable else {
            broadcast(.didFailWithError(.significantChangesUnavailable))
            return
        }
        significantChangesStarted = true
        manager.startMonitoringSignificantLocationChanges()
    }

    /// Stops significant-change monitoring.
    func stopMonitoringSignificantLocationChanges() {
        guard significantChangesStarted else { return }
        significantChangesStarted = false
        manager.stopMonitoringSignificantLocationChanges()
    }

    /// The last location Core Location retrieved, when the app may see one (authorized); Core Location already
    /// makes it approximate under reduced accuracy.
    func location() -> Location? {
        authorizationMayHaveChanged()
        guard current.status.isAuthorized else { return nil }
        return manager.location
    }

    /// The last heading Core Location retrieved; `nil` where the platform has no heading. A compass needs no
    /// authorization: what the OS withholds without one (the true heading) it withholds itself.
    func heading() -> Heading? {
        guard manager.capabilities.heading else { return nil }
        return manager.heading
    }

    /// Whether headings can be had: the platform has heading updates and the device a compass.
    func headingAvailable() -> Bool {
        manager.capabilities.heading && manager.headingAvailable
    }

    /// Dismisses the heading calibration display; where the platform has no heading there is none to dismiss.
    func dismissHeadingCalibrationDisplay() {
        guard manager.capabilities.heading else { return }
        manager.dismissHeadingCalibrationDisplay()
    }

    /// The regions Core Location monitors for the app (they survive a relaunch).
    func monitoredRegions() -> Set<Region> {
        Set(manager.monitoredRegions)
    }

    /// Starts a service session: a real `CLServiceSession` where the platform has one; elsewhere the adapter asks
    /// by the same rules and reports the same diagnostics itself.
    func startServiceSession(
        authorization: ServiceSession.AuthorizationRequirement,
        fullAccuracyPurposeKey: String?
    ) -> ServiceSession {
        let id = makeID()
        let session = LocationPolicy.Session(
            authorization: authorization,
            fullAccuracyPurposeKey: fullAccuracyPurposeKey
        )
        let channel = DiagnosticsChannel(sessionDiagnostics(session))
        let token = manager.startServiceSession(
            authorization: authorization,
            fullAccuracyPurposeKey: fullAccuracyPurposeKey
        ) { diagnostics in channel.send(diagnostics) }
        sessions[id] = (session, channel, token)
        sessionsChanged()
        refreshDiagnostics()
        askForServiceSessions()
        let fromTheOS = token.flatMap { manager.serviceSessionDiagnostics($0) }
        return ServiceSession(
            authorization: authorization,
            fullAccuracyPurposeKey: fullAccuracyPurposeKey,
            diagnostics: fromTheOS ?? { channel.stream() },
            invalidate: { [weak self] in await self?.endServiceSession(id) }
        )
    }

    /// Ends a service session; it has ended on the OS too when this returns.
    func endServiceSession(_ id: Int) async {
        guard let ended = sessions.removeValue(forKey: id) else { return }
        sessionsChanged()
        if let token = ended.token { manager.stopServiceSession(token) }
        ended.channel.finish()
        refreshDiagnostics()
        await manager.settle()
    }

    /// A service session started or ended: the policy holds whether one asks for authorization (an app that
    /// requires explicit sessions is told it needs one while none does).
    private func sessionsChanged() {
        policy.holdSessions(sessions.values.map { $0.session.authorization })
    }

    /// The app came into use again: each emulated session may ask again.
    func sessionsCameIntoUse() {
        for id in sessions.keys { sessions[id]?.session.cameIntoUse() }
    }

    /// Makes the request an emulated session is due to make now (sessions on a real `CLServiceSession` are asked
    /// for by iOS).
    func askForServiceSessions() {
        guard (try? prepareDecision()) != nil else { return }
        observeAlwaysMemory()
        for id in sessions.keys.sorted() {
            guard var entry = sessions[id], entry.token == nil, let request = policy.request(for: entry.session)
            else { continue }
            policy.mark(request, in: &entry.session)
            sessions[id] = entry
            Task { [weak self] in
                guard let self else { return }
                do {
                    switch request {
                    case .whenInUse: _ = try await requestWhenInUseAuthorization()
                    case .always: _ = try await requestAlwaysAuthorization()
                    case .temporaryFullAccuracy(let key): _ = try await requestTemporaryFullAccuracy(purposeKey: key)
                    }
                } catch {
                    broadcast(.didFailWithError(error as? LocationError ?? .sourceFailed("\(error)")))
                }
            }
            return
        }
    }

    /// The diagnostics of an emulated session now.
    ///
    /// `insufficientlyInUse` comes from the policy's rule of when the app is in use (rule 8), as for live updates: under
    /// When In Use, in the background only with background updates allowed and a background session running;
    /// allowing background updates alone does not count. Apple's `allowsBackgroundLocationUpdates` page says updates
    /// go on in the background only when they were started while the app was in the foreground, and its
    /// `requestWhenInUseAuthorization()` page that starting them from the background under When In Use fails; its
    /// "Handling location updates in the background" page has an app keep receiving them there through a
    /// `CLBackgroundActivitySession`, which starts only in the foreground (``startBackgroundSession()``). So after a
    /// background launch the app is not in use, whatever it allows, until it comes to the foreground.
    func sessionDiagnostics(_ session: LocationPolicy.Session) -> Set<Diagnostic> {
        guard (try? prepareDecision()) != nil else { return [] }
        observeAlwaysMemory()
        return policy.diagnostics(for: session)
    }

    /// Sends each emulated session its diagnostics when they changed.
    func refreshSessionDiagnostics() {
        for entry in sessions.values where entry.token == nil {
            entry.channel.send(sessionDiagnostics(entry.session))
        }
    }
}
