extension LocationClient {
    /// The client on the simulated OS: the engine decides as iOS would, the source gives fixes.
    ///
    /// This is the client of Linux, of the `whereabouts` command and of tests that run the real rules. The
    /// client owns its source: its live updates and one-shot requests get this source's fixes, and two clients
    /// on one engine share the authorization (the engine) but never each other's source. The source runs only
    /// while something needs fixes (live updates, a one-shot request, regions, visits, heading) and stops when
    /// the last consumer cancels.
    ///
    /// ```swift
    /// let engine = await AuthorizationEngine(appID: "com.example.map", declarations: declarations, prompter: person)
    /// let client = LocationClient.simulated(engine: engine, source: ReplaySource(.file(trackURL)))
    /// ```
    ///
    /// - Parameters:
    ///   - engine: The engine that holds the rules and the grant.
    ///   - source: Where this client's raw fixes come from.
    /// - Returns: A client whose every endpoint goes through the engine.
    public static func simulated(engine: AuthorizationEngine, source: any LocationSource) -> LocationClient {
        let client = SourceAttachment(source: source)
        engine.adopt(client)
        return LocationClient(
            authorization: { await engine.authorization() },
            authorizationUpdates: { await engine.authorizationUpdates() },
            requestWhenInUseAuthorization: { try await engine.requestWhenInUseAuthorization() },
            requestAlwaysAuthorization: { try await engine.requestAlwaysAuthorization() },
            requestTemporaryFullAccuracy: { key in try await engine.requestTemporaryFullAccuracy(purposeKey: key) },
            requestLocation: { try await engine.requestLocation(for: client) },
            liveUpdates: { await engine.liveUpdates(for: client) },
            liveUpdateBatches: { await engine.liveUpdateBatches(for: client) },
            events: { await engine.events() },
            startMonitoring: { region in try await engine.startMonitoring(region, for: client) },
            stopMonitoring: { region in await engine.stopMonitoring(region) },
            startMonitoringVisits: { try await engine.startMonitoringVisits(for: client) },
            stopMonitoringVisits: { await engine.stopMonitoringVisits() },
            startUpdatingHeading: { await engine.startUpdatingHeading(for: client) },
            stopUpdatingHeading: { await engine.stopUpdatingHeading() },
            setAllowsBackgroundLocationUpdates: { allowed in
                try await engine.setAllowsBackgroundLocationUpdates(allowed)
            },
            startBackgroundSession: { await engine.startBackgroundSession() },
            stopBackgroundSession: { await engine.stopBackgroundSession() },
            authorizationSnapshot: { engine.authorizationSnapshot },
            locationServicesEnabled: { await engine.locationServicesEnabled() },
            location: { await engine.location() },
            heading: { await engine.heading() },
            headingAvailable: { await engine.headingAvailable(for: client) },
            isRangingAvailable: { engine.isRangingAvailable },
            significantLocationChangeMonitoringAvailable: { engine.significantLocationChangeMonitoringAvailable },
            maximumRegionMonitoringDistance: { engine.options.maximumRegionMonitoringDistance },
            monitoredRegions: { await engine.monitoredRegions() },
            properties: { await engine.properties },
            set: { change in try await engine.set(change) },
            startUpdatingLocation: { await engine.startUpdatingLocation(for: client) },
            stopUpdatingLocation: { await engine.stopUpdatingLocation(for: client) },
            startMonitoringSignificantLocationChanges: {
                await engine.startMonitoringSignificantLocationChanges(for: client)
            },
            stopMonitoringSignificantLocationChanges: { await engine.stopMonitoringSignificantLocationChanges() },
            dismissHeadingCalibrationDisplay: { await engine.dismissHeadingCalibrationDisplay() },
            startServiceSession: { authorization, key in
                await engine.startServiceSession(authorization: authorization, fullAccuracyPurposeKey: key)
            }
        )
    }

    /// The client on an engine and a source.
    ///
    /// - Parameters:
    ///   - engine: The engine.
    ///   - source: The source.
    /// - Returns: ``simulated(engine:source:)``.
    @available(
        *,
        deprecated,
        renamed: "simulated(engine:source:)",
        message: "`live` now names the platform's real location client"
    )
    public static func live(engine: AuthorizationEngine, source: any LocationSource) -> LocationClient {
        simulated(engine: engine, source: source)
    }
}
