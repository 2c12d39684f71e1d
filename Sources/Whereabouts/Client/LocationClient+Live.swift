extension LocationClient {
    /// The client on an engine and a source: the engine decides, the source gives fixes.
    ///
    /// The source runs only while something needs fixes (live updates, a one-shot request,
    /// regions, visits, heading) and stops when the last consumer cancels.
    ///
    /// - Parameters:
    ///   - engine: The engine that holds the rules and the grant.
    ///   - source: Where raw fixes come from.
    /// - Returns: A client whose every endpoint goes through the engine.
    public static func live(engine: AuthorizationEngine, source: any LocationSource) -> LocationClient {
        let attachment = SourceAttachment()
        let ready: @Sendable () async -> Void = {
            await engine.attach(source, key: ObjectIdentifier(attachment))
        }
        return LocationClient(
            authorization: {
                await ready()
                return await engine.authorization()
            },
            authorizationUpdates: {
                await ready()
                return await engine.authorizationUpdates()
            },
            requestWhenInUseAuthorization: {
                await ready()
                return try await engine.requestWhenInUseAuthorization()
            },
            requestAlwaysAuthorization: {
                await ready()
                return try await engine.requestAlwaysAuthorization()
            },
            requestTemporaryFullAccuracy: { key in
                await ready()
                return try await engine.requestTemporaryFullAccuracy(purposeKey: key)
            },
            requestLocation: {
                await ready()
                return try await engine.requestLocation()
            },
            liveUpdates: {
                await ready()
                return await engine.liveUpdates()
            },
            events: {
                await ready()
                return await engine.events()
            },
            startMonitoring: {
                await ready()
                try await engine.startMonitoring($0)
            },
            stopMonitoring: {
                await ready()
                await engine.stopMonitoring($0)
            },
            startMonitoringVisits: {
                await ready()
                try await engine.startMonitoringVisits()
            },
            stopMonitoringVisits: {
                await ready()
                await engine.stopMonitoringVisits()
            },
            startUpdatingHeading: {
                await ready()
                await engine.startUpdatingHeading()
            },
            stopUpdatingHeading: {
                await ready()
                await engine.stopUpdatingHeading()
            },
            setAllowsBackgroundLocationUpdates: {
                await ready()
                try await engine.setAllowsBackgroundLocationUpdates($0)
            },
            startBackgroundSession: {
                await ready()
                return await engine.startBackgroundSession()
            },
            stopBackgroundSession: {
                await ready()
                await engine.stopBackgroundSession()
            }
        )
    }
}

/// Identifies one ``LocationClient/live(engine:source:)`` value, so its source is attached once.
final class SourceAttachment: Sendable {}
