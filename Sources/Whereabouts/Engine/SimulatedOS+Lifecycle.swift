/// The app's life, its background session, and the person's Settings, as the policy decides them.
extension SimulatedOS {
    /// Applies a change in the app's life (rules 3, 5, 8).
    ///
    /// Going to the background without a background session, or terminating, ends the
    /// session grants: Allow Once (the status reads `.notDetermined` again) and temporary full
    /// accuracy. Terminating also ends what lives in the app's process: live updates, background updates, heading,
    /// one-shot requests, service sessions, and its location managers (their delegate events and the app's
    /// notifications end). It keeps the grant, the monitored regions, significant-change and visit monitoring, and a
    /// background activity session that was active, which the app may resume at its next launch (see
    /// ``launchInBackground(_:)``). Launching the app while it is not running runs its launch code
    /// (``onLaunch(_:)``).
    ///
    /// - Parameter event: What happened.
    public func handle(_ event: LifecycleEvent) async {
        let before = policy.appState
        let sessionFeed = event == .terminate ? sessionFeedAtTermination : nil
        update { $0.handle(event) }
        appStateSnapshot.current = policy.appState
        switch (before, policy.appState) {
        case (.background, .foreground), (.notRunning, .foreground):
            announce(.willEnterForeground)
            announce(.didBecomeActive)
        case (.foreground, .background):
            announce(.willResignActive)
            announce(.didEnterBackground)
        default: break
        }
        if event == .terminate { announce(.willTerminate) }
        if event == .launch || event == .foreground { sessionsCameIntoUse() }
        if event == .terminate {
            headingActive = false
            headingSlots.removeAll()
            lastHeadings.removeAll()
            updatingLocation.removeAll()
            pausedSlots.removeAll()
            // The app's location managers go with it: a relaunched app's managers start with the defaults.
            backgroundUpdateSlots.removeAll()
            for id in sessions.keys.sorted() { endServiceSession(id) }
            let ended = subscribers
            subscribers.removeAll()
            for subscriber in ended.values { subscriber.finish(nil) }
            failLocationRequests(.cancelled)
            processEnded(sessionFeed: sessionFeed)
        }
        stateDidChange()
        if before == .notRunning, event == .launch || event == .foreground { launchedByPerson() }
    }

    /// Allows or stops location updates in the background, as
    /// `allowsBackgroundLocationUpdates` (rule 8).
    ///
    /// - Parameter allowed: Whether updates may continue in the background.
    /// - Throws: ``LocationError`` ``LocationError/Code/backgroundModeMissing`` when allowing
    ///   without `location` in `UIBackgroundModes` (iOS raises an exception).
    package func setAllowsBackgroundLocationUpdates(_ allowed: Bool) async throws(LocationError) {
        try await setAllowsBackgroundLocationUpdates(allowed, for: nil)
    }

    /// Starts a background session, as `CLBackgroundActivitySession`: the app stays in use in
    /// the background, so When In Use fixes and session grants continue.
    ///
    /// As on iOS, a session must be started in the foreground, or resumed at once when the app is launched after it
    /// ended with the session active.
    ///
    /// - Returns: Whether the session is running.
    @discardableResult
    package func startBackgroundSession() async -> Bool {
        expireLaunchWindowIfDue()
        let running = update { $0.startBackgroundSession() }
        resumableSessionSnapshot.current = policy.resumableBackgroundSession
        stateDidChange()
        return running
    }

    /// Ends the background session. In the background this ends the session grants.
    package func stopBackgroundSession() async {
        update { $0.stopBackgroundSession() }
        stateDidChange()
    }

    /// Whether a background session is running.
    public var isBackgroundSessionActive: Bool { policy.backgroundSessionActive }

    /// Changes what the person set in Settings for this app, or for the device (rules 7, 9).
    ///
    /// The change reaches the app at once as an authorization event, and a revoked grant stops
    /// fixes at once. Values left `nil` are unchanged.
    ///
    /// - Parameters:
    ///   - status: The app's Location setting: `.notDetermined` (Ask Next Time), `.denied`
    ///     (Never), `.authorizedWhenInUse` or `.authorizedAlways`. `.restricted` is a device
    ///     setting: use `restricted`.
    ///   - precise: The app's Precise Location switch.
    ///   - servicesEnabled: Location Services for the whole device.
    ///   - restricted: Parental controls or device management.
    public func changeSettings(
        status: AuthorizationStatus? = nil,
        precise: Bool? = nil,
        servicesEnabled: Bool? = nil,
        restricted: Bool? = nil
    ) async {
        update {
            $0.changeSettings(
                status: status,
                precise: precise,
                servicesEnabled: servicesEnabled,
                restricted: restricted
            )
        }
        stateDidChange()
    }

    /// Reads the grant from the consent store again, for a change made elsewhere (another
    /// process's Settings). A change reaches the app as any Settings change does.
    public func reloadGrant() async {
        let kept = await consentStore.grant(for: appID) ?? Grant()
        // Not through `update`: the store already holds this grant.
        guard policy.reloadGrant(kept) else { return }
        let known = regions
        regions = [:]
        for region in kept.monitoredRegions {
            regions[region.identifier] = (region, known[region.identifier]?.inside)
        }
        stateDidChange()
    }

    /// The device settings now.
    public var deviceSettings: DeviceSettings { policy.device }

    /// The person's kept grant now.
    public var currentGrant: Grant { policy.grant }
}
