import Whereabouts

extension LocationClient {
    /// A client whose every endpoint goes through a ``CoreLocationAdapter``, made on first use.
    ///
    /// - Parameter holder: Makes and keeps the adapter.
    /// - Returns: The client.
    static func adapter(_ holder: AdapterHolder) -> LocationClient {
        LocationClient(
            authorization: { await holder.adapter.authorization() },
            authorizationUpdates: { await holder.adapter.authorizationUpdates() },
            requestWhenInUseAuthorization: { try await holder.adapter.requestWhenInUseAuthorization() },
            requestAlwaysAuthorization: { try await holder.adapter.requestAlwaysAuthorization() },
            requestTemporaryFullAccuracy: { key in
                try await holder.adapter.requestTemporaryFullAccuracy(purposeKey: key)
            },
            requestLocation: { try await holder.adapter.requestLocation() },
            liveUpdates: { await holder.adapter.liveUpdates() },
            events: { await holder.adapter.events() },
            startMonitoring: { region in try await holder.adapter.startMonitoring(region) },
            stopMonitoring: { region in await holder.adapter.stopMonitoring(region) },
            startMonitoringVisits: { try await holder.adapter.startMonitoringVisits() },
            stopMonitoringVisits: { await holder.adapter.stopMonitoringVisits() },
            startUpdatingHeading: { await holder.adapter.startUpdatingHeading() },
            stopUpdatingHeading: { await holder.adapter.stopUpdatingHeading() },
            setAllowsBackgroundLocationUpdates: { allowed in
                try await holder.adapter.setAllowsBackgroundLocationUpdates(allowed)
            },
            startBackgroundSession: { await holder.adapter.startBackgroundSession() },
            stopBackgroundSession: { await holder.adapter.stopBackgroundSession() }
        )
    }
}
