/// The location manager's settings, the standard and significant-change services, and what the app last
/// received (rule 11).
extension SimulatedOS {
    /// The location manager's settings now.
    package var properties: LocationProperties {
        var properties = policy.properties
        properties.allowsBackgroundLocationUpdates = backgroundUpdateSlots.contains(.engine)
        return properties
    }

    /// Changes some of the location manager's settings (rule 11): all of the change, or nothing when it allows
    /// background updates without the `location` background mode.
    ///
    /// - Parameter change: The settings to change; `nil` values stay.
    /// - Throws: ``LocationError`` ``LocationError/Code/backgroundModeMissing``.
    package func set(_ change: LocationProperties.Change) async throws(LocationError) {
        try await set(change, for: nil)
    }

    /// ``set(_:)`` by one location manager: its settings are its own, as each `CLLocationManager`'s are — its desired
    /// accuracy and distance filter decide what it gets, its pausing and heading filter hold back only its fixes and
    /// headings, and its `allowsBackgroundLocationUpdates` lets only its fixes reach it in the background.
    ///
    /// - Parameters:
    ///   - change: The settings to change; `nil` values stay.
    ///   - client: The manager's source; `nil` for the engine's own.
    /// - Throws: ``LocationError`` ``LocationError/Code/backgroundModeMissing``.
    package func set(_ change: LocationProperties.Change, for client: SourceAttachment?) async throws(LocationError) {
        if let allowed = change.allowsBackgroundLocationUpdates,
            let error = policy.backgroundUpdatesError(allowing: allowed)
        {
            throw error
        }
        let key = slot(of: client)
        var settings = change
        settings.allowsBackgroundLocationUpdates = nil
        // What the platform lacks keeps its default off (updates that never pause, no background indicator).
        if !policy.platform.rules.pausing, settings.pausesLocationUpdatesAutomatically != nil {
            settings.pausesLocationUpdatesAutomatically = false
        }
        if !policy.platform.rules.backgroundIndicator, settings.showsBackgroundLocationIndicator != nil {
            settings.showsBackgroundLocationIndicator = false
        }
        if client == nil {
            update { $0.properties.apply(settings) }
        } else {
            var own = managerProperties[key] ?? LocationProperties()
            own.apply(settings)
            managerProperties[key] = own
        }
        if let allowed = change.allowsBackgroundLocationUpdates { allowBackgroundUpdates(allowed, for: key) }
        if !deliveryProperties(for: key).pausesLocationUpdatesAutomatically { resume(key) }
        stateDidChange()
    }

    /// Starts the standard location service for the calling client, as `startUpdatingLocation()`: its fixes
    /// arrive as `.didUpdateLocations` on the engine's events (filtered by ``properties``) until
    /// ``stopUpdatingLocation()``. Updates that paused start again.
    ///
    /// Without authorization nothing is delivered, and `.didFailWithError` says why, as iOS reports
    /// `kCLErrorDenied`; fixes flow once the app is authorized.
    package func startUpdatingLocation() async {
        await startUpdatingLocation(for: nil)
    }

    /// ``startUpdatingLocation()`` from a client's own source.
    ///
    /// - Parameter client: The client's source; `nil` for the engine's own.
    package func startUpdatingLocation(for client: SourceAttachment?) async {
        let key = slot(of: client)
        guard policy.platform.rules.liveUpdates else {
            return send(.didFailWithError(.liveUpdatesUnavailable), to: key)
        }
        updatingLocation.insert(key)
        rearm(key)
        resume(key)
        let now = policy.authorization
        if !now.status.isAuthorized, now.status != .notDetermined {
            broadcast(.didFailWithError(.notAuthorized(now.status, servicesEnabled: now.servicesEnabled)))
        }
        stateDidChange()
    }

    /// Stops the standard location service for the calling client.
    package func stopUpdatingLocation() async {
        await stopUpdatingLocation(for: nil)
    }

    /// ``stopUpdatingLocation()`` for a client.
    ///
    /// - Parameter client: The client's source; `nil` for the engine's own.
    package func stopUpdatingLocation(for client: SourceAttachment?) async {
        updatingLocation.remove(slot(of: client))
        stateDidChange()
    }

    /// Starts significant-change monitoring: the current fix at once, then a fix when the device is at least
    /// 500 m from the last one this service delivered and five minutes (by fix time) after it, as
    /// `.didUpdateLocations` among the delegate events. In the background it delivers only with Always; under reduced
    /// accuracy its fixes are approximate.
    package func startMonitoringSignificantLocationChanges() async {
        await startMonitoringSignificantLocationChanges(for: nil)
    }

    /// ``startMonitoringSignificantLocationChanges()`` from a client's own source.
    ///
    /// - Parameter client: The client's source; `nil` for the engine's own.
    package func startMonitoringSignificantLocationChanges(for client: SourceAttachment?) async {
        guard significantLocationChangeMonitoringAvailable else {
            return send(.didFailWithError(.significantChangesUnavailable), to: slot(of: client))
        }
        let now = policy.authorization
        if !now.status.isAuthorized, now.status != .notDetermined {
            broadcast(.didFailWithError(.notAuthorized(now.status, servicesEnabled: now.servicesEnabled)))
        }
        let starting = !significantChangesActive
        let key = slot(of: client)
        significantChangeSlots.insert(key)
        significantChangesActive = true
        feedMonitors(from: key)
        if starting {
            lastSignificantFix = nil
            if let current = lastRawFix, deliverSignificantChange(current) { countLatestFix() }
        }
        handLaunchSignificantChanges(to: key)
        stateDidChange()
    }

    /// Stops significant-change monitoring.
    package func stopMonitoringSignificantLocationChanges() async {
        await stopMonitoringSignificantLocationChanges(for: nil)
    }

    /// ``stopMonitoringSignificantLocationChanges()`` for one client's manager: the service goes on while another
    /// manager monitors significant changes.
    ///
    /// - Parameter client: The client's source; `nil` for the engine's own.
    package func stopMonitoringSignificantLocationChanges(for client: SourceAttachment?) async {
        let key = slot(of: client)
        significantChangeSlots.remove(key)
        if significantChangeSlots.isEmpty {
            significantChangesActive = false
            lastSignificantFix = nil
        }
        monitorStopped(by: key)
        stateDidChange()
    }

    /// The last location the app received, from any service, as `CLLocationManager.location`.
    ///
    /// `nil` while the app may not receive locations (not authorized, or in the background without the right);
    /// approximate under reduced accuracy, even when it was received precise; cleared when authorization is
    /// revoked.
    ///
    /// - Returns: The location, or `nil`.
    package func location() async -> Location? {
        lastKnownLocation
    }

    /// The last location the app received, as the app may see it now (see ``location()``).
    var lastKnownLocation: Location? {
        Self.lastKnownLocation(
            policy: policy,
            delivered: lastDelivered,
            deliveredPrecise: lastDeliveredPrecise,
            coarsener: coarsener
        )
    }

    /// ``lastKnownLocation`` of a state: nothing unless authorized and in use (or allowed monitoring events), and
    /// a precise fix read under reduced accuracy is made approximate.
    ///
    /// - Parameters:
    ///   - policy: The OS's state.
    ///   - delivered: The last location the app received.
    ///   - deliveredPrecise: Whether it was precise.
    ///   - coarsener: How approximate fixes are made.
    /// - Returns: The location the app may see now, or `nil`.
    static func lastKnownLocation(
        policy: LocationPolicy,
        delivered: Location?,
        deliveredPrecise: Bool?,
        coarsener: Coarsener
    ) -> Location? {
        guard policy.authorization.status.isAuthorized, policy.isInUse || policy.mayDeliverMonitoringEvents,
            let last = delivered
        else { return nil }
        guard deliveredPrecise == true, !policy.deliversPreciseFixes else { return last }
        return coarsener.approximate(last)
    }

    /// Brings ``lastKnownSnapshot`` up to date: after each batch of fixes, and after any change of state.
    func refreshLastKnown() {
        let now = lastKnownLocation
        if lastKnownSnapshot.current != now { lastKnownSnapshot.current = now }
    }

    /// The last heading the app received, as `CLLocationManager.heading`.
    ///
    /// - Returns: The heading, or `nil`.
    package func heading() async -> Heading? {
        lastHeading
    }

    /// Whether the calling client's source can give headings, as `CLLocationManager.headingAvailable()`.
    ///
    /// - Returns: ``LocationSource/providesHeadings`` of the source that serves the caller.
    package func headingAvailable() async -> Bool {
        await headingAvailable(for: nil)
    }

    /// ``headingAvailable()`` of a client's own source.
    ///
    /// - Parameter client: The client's source; `nil` for the engine's own.
    /// - Returns: Whether that source gives headings.
    package func headingAvailable(for client: SourceAttachment?) async -> Bool {
        slots[serving(slot(of: client))]?.source.providesHeadings ?? false
    }

    /// Whether Location Services are on for the device.
    ///
    /// - Returns: The device setting.
    public func locationServicesEnabled() async -> Bool {
        policy.device.servicesEnabled
    }

    /// Beacon ranging: the simulated device has no Bluetooth beacons, so `false`.
    package nonisolated var isRangingAvailable: Bool { false }

    /// Significant-change monitoring: the engine simulates it where the platform has it.
    package nonisolated var significantLocationChangeMonitoringAvailable: Bool { platform.rules.significantChanges }

    /// Dismisses the heading calibration display: the simulated device never shows it, whatever
    /// ``LocationProperties/displaysHeadingCalibration`` allows (its sources give calibrated headings), so there is
    /// nothing to dismiss and nothing changes.
    package func dismissHeadingCalibrationDisplay() async {
    }

    /// Delivers a fix to significant-change monitoring when it is a significant change and the app may
    /// receive it; returns whether it did.
    @discardableResult
    func deliverSignificantChange(_ raw: Location) -> Bool {
        guard significantChangesActive, policy.mayDeliverSignificantChanges,
            LocationPolicy.isSignificantChange(raw, since: lastSignificantFix)
        else { return false }
        let precise = policy.deliversPreciseFixes
        guard let location = precise ? raw : coarsener.approximate(raw) else { return false }
        lastSignificantFix = raw
        // While the app is not running the change relaunches it, and reaches it once it starts the service again.
        guard routeMonitorEvent(.didUpdateLocations([location]), reason: .significantLocationChange) else {
            return false
        }
        recordDelivery(location, precise: precise)
        broadcast(.didUpdateLocations([location]))
        return true
    }

    /// Counts the latest raw fix as received by the app, once however many services delivered it.
    func countLatestFix() {
        guard rawFixNumber != countedFixNumber else { return }
        countedFixNumber = rawFixNumber
        deliveredCount += 1
    }

    /// Notes a fix the app received.
    func recordDelivery(_ location: Location, precise: Bool) {
        lastDelivered = location
        lastDeliveredPrecise = precise
    }
}
