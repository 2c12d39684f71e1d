extension LocationClient {
    /// A client whose every endpoint goes through a ``ManagerClient``, made on first use.
    ///
    /// - Parameter holder: Makes and keeps the adapter.
    /// - Returns: The client.
    package static func managed(_ holder: ManagerClientHolder) -> LocationClient {
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
            liveUpdateBatches: { await holder.adapter.liveUpdateBatches() },
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
            stopBackgroundSession: { await holder.adapter.stopBackgroundSession() },
            authorizationSnapshot: { holder.authorizationSnapshot() },
            locationServicesEnabled: { await holder.adapter.manager.locationServicesEnabled() },
            location: { await holder.adapter.location() },
            heading: { await holder.adapter.heading() },
            headingAvailable: { await holder.adapter.headingAvailable() },
            isRangingAvailable: { await holder.adapter.manager.isRangingAvailable },
            significantLocationChangeMonitoringAvailable: {
                await holder.adapter.manager.significantLocationChangeMonitoringAvailable
            },
            maximumRegionMonitoringDistance: { await holder.adapter.manager.maximumRegionMonitoringDistance },
            monitoredRegions: { await holder.adapter.monitoredRegions() },
            properties: { await holder.adapter.currentProperties },
            set: { change in try await holder.adapter.set(change) },
            startUpdatingLocation: { await holder.adapter.startUpdatingLocation() },
            stopUpdatingLocation: { await holder.adapter.stopUpdatingLocation() },
            startMonitoringSignificantLocationChanges: {
                await holder.adapter.startMonitoringSignificantLocationChanges()
            },
            stopMonitoringSignificantLocationChanges: {
                await holder.adapter.stopMonitoringSignificantLocationChanges()
            },
            dismissHeadingCalibrationDisplay: { await holder.adapter.dismissHeadingCalibrationDisplay() },
            startServiceSession: { authorization, key in
                await holder.adapter.startServiceSession(authorization: authorization, fullAccuracyPurposeKey: key)
            }
        )
    }
}
