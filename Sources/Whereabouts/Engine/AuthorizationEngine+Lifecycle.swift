/// The app's life, its background session, and the person's Settings.
extension AuthorizationEngine {
    /// Applies a change in the app's life (rules 3, 5, 8).
    ///
    /// Going to the background without a background session, or terminating, ends the
    /// session grants: Allow Once (the status reads `.notDetermined` again) and temporary full
    /// accuracy. Terminating also ends live updates, background updates and the session.
    ///
    /// - Parameter event: What happened.
    public func handle(_ event: LifecycleEvent) async {
        await prepare()
        apply(event)
    }

    package func apply(_ event: LifecycleEvent) {
        switch event {
        case .launch, .foreground:
            appState = .foreground
        case .background:
            appState = .background
            if !backgroundSessionActive {
                endInUseGrants()
                dismissPrompt(terminating: false)
            }
        case .terminate:
            appState = .notRunning
            dismissPrompt(terminating: true)
            backgroundSessionActive = false
            allowsBackgroundUpdates = false
            headingActive = false
            endInUseGrants()
            let ended = subscribers
            subscribers.removeAll()
            for subscriber in ended.values { subscriber.finish(nil) }
            failLocationRequests(.cancelled)
        }
        stateDidChange()
    }

    func endInUseGrants() {
        allowOnce = false
        temporaryFullAccuracy = false
    }

    /// Allows or stops location updates in the background, as
    /// `allowsBackgroundLocationUpdates` (rule 8).
    ///
    /// - Parameter allowed: Whether updates may continue in the background.
    /// - Throws: ``LocationError`` ``LocationError/Code/backgroundModeMissing`` when allowing
    ///   without `location` in `UIBackgroundModes` (iOS raises an exception).
    public func setAllowsBackgroundLocationUpdates(_ allowed: Bool) async throws {
        await prepare()
        try applyAllowsBackgroundUpdates(allowed)
    }

    package func applyAllowsBackgroundUpdates(_ allowed: Bool) throws(LocationError) {
        if allowed && !declarations.hasLocationBackgroundMode { throw .backgroundModeMissing }
        allowsBackgroundUpdates = allowed
        stateDidChange()
    }

    /// Starts a background session, as `CLBackgroundActivitySession`: the app stays in use in
    /// the background, so When In Use fixes and session grants continue.
    ///
    /// As on iOS, a session must be started in the foreground.
    ///
    /// - Returns: Whether the session is running.
    @discardableResult
    public func startBackgroundSession() async -> Bool {
        await prepare()
        return applyStartBackgroundSession()
    }

    package func applyStartBackgroundSession() -> Bool {
        if appState == .foreground { backgroundSessionActive = true }
        stateDidChange()
        return backgroundSessionActive
    }

    /// Ends the background session. In the background this ends the session grants.
    public func stopBackgroundSession() async {
        await prepare()
        applyStopBackgroundSession()
    }

    package func applyStopBackgroundSession() {
        backgroundSessionActive = false
        if appState != .foreground {
            endInUseGrants()
            dismissPrompt(terminating: false)
        }
        stateDidChange()
    }

    /// Whether a background session is running.
    public var isBackgroundSessionActive: Bool { backgroundSessionActive }

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
        await prepare()
        applySettings(status: status, precise: precise, servicesEnabled: servicesEnabled, restricted: restricted)
    }

    package func applySettings(
        status: AuthorizationStatus? = nil,
        precise: Bool? = nil,
        servicesEnabled: Bool? = nil,
        restricted: Bool? = nil
    ) {
        var grantChanged = false
        if let status {
            switch status {
            case .notDetermined: grant.decision = .notDetermined
            case .denied: grant.decision = .denied
            case .authorizedWhenInUse: grant.decision = .whenInUse
            case .authorizedAlways: grant.decision = .always
            case .restricted: device.restricted = true
            }
            if status != .restricted {
                grant.provisionalAlways = false
                allowOnce = false
                grantChanged = true
            }
            if !status.isAuthorized { temporaryFullAccuracy = false }
        }
        if let precise {
            grant.precise = precise
            allowOncePrecise = precise
            if !precise { temporaryFullAccuracy = false }
            grantChanged = true
        }
        if let servicesEnabled { device.servicesEnabled = servicesEnabled }
        if let restricted { device.restricted = restricted }
        if grantChanged { persistGrant() }
        stateDidChange()
    }

    /// Reads the grant from the consent store again, for a change made elsewhere (another
    /// process's Settings). A change reaches the app as any Settings change does.
    public func reloadGrant() async {
        await prepare()
        let kept = await consentStore.grant(for: appID) ?? Grant()
        guard kept != grant else { return }
        grant = kept
        if kept.decision != .notDetermined { allowOnce = false }
        if let precise = kept.precise { allowOncePrecise = precise }
        if !(kept.precise ?? true) { temporaryFullAccuracy = false }
        stateDidChange()
    }

    /// The device settings now.
    public var deviceSettings: DeviceSettings { device }

    /// The person's kept grant now.
    public var currentGrant: Grant { grant }
}
