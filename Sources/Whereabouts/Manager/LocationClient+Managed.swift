extension LocationClient {
    /// A client whose every endpoint goes through a ``ManagerClient``, made on first use.
    ///
    /// - Parameter holder: Makes and keeps the adapter.
    /// - Returns: The client.
    package static func managed(_ holder: ManagerClientHolder) -> LocationClient {
        LocationClient(
            authorization: { await holder.run { await $0.authorization() } },
            authorizationUpdates: { await holder.run { await $0.authorizationUpdates() } },
            requestWhenInUseAuthorization: { try await holder.run { try await $0.requestWhenInUseAuthorization() } },
            requestAlwaysAuthorization: { try await holder.run { try await $0.requestAlwaysAuthorization() } },
            requestTemporaryFullAccuracy: { key in
                try await holder.run { try await $0.requestTemporaryFullAccuracy(purposeKey: key) }
            },
            requestLocation: { try await holder.run { try await $0.requestLocation() } },
            liveUpdates: { await holder.run { await $0.liveUpdates() } },
            liveUpdateBatches: { await holder.run { await $0.liveUpdateBatches() } },
            events: { await holder.run { await $0.events() } },
            startMonitoring: { region in try await holder.run { try await $0.startMonitoring(region) } },
            stopMonitoring: { region in await holder.run { await $0.stopMonitoring(region) } },
            startMonitoringVisits: { try await holder.run { try await $0.startMonitoringVisits() } },
            stopMonitoringVisits: { await holder.run { await $0.stopMonitoringVisits() } },
            startUpdatingHeading: { await holder.run { await $0.startUpdatingHeading() } },
            stopUpdatingHeading: { await holder.run { await $0.stopUpdatingHeading() } },
            setAllowsBackgroundLocationUpdates: { allowed in
                try await holder.run { try await $0.setAllowsBackgroundLocationUpdates(allowed) }
            },
            startBackgroundSession: { await holder.run { await $0.startBackgroundSession() } },
            stopBackgroundSession: { await holder.run { await $0.stopBackgroundSession() } },
            authorizationSnapshot: { holder.authorizationSnapshot() },
            locationServicesEnabled: { await holder.run { await $0.locationServicesEnabled() } },
            location: { await holder.run { await $0.location() } },
            heading: { await holder.run { await $0.heading() } },
            headingAvailable: { await holder.run { await $0.headingAvailable() } },
            isRangingAvailable: { await holder.adapter.manager.isRangingAvailable },
            significantLocationChangeMonitoringAvailable: {
                await holder.adapter.manager.significantLocationChangeMonitoringAvailable
            },
            maximumRegionMonitoringDistance: { await holder.adapter.manager.maximumRegionMonitoringDistance },
            monitoredRegions: { await holder.run { await $0.monitoredRegions() } },
            properties: { await holder.run { await $0.currentProperties } },
            set: { change in try await holder.run { try await $0.set(change) } },
            startUpdatingLocation: { await holder.run { await $0.startUpdatingLocation() } },
            stopUpdatingLocation: { await holder.run { await $0.stopUpdatingLocation() } },
            startMonitoringSignificantLocationChanges: {
                await holder.run { await $0.startMonitoringSignificantLocationChanges() }
            },
            stopMonitoringSignificantLocationChanges: {
                await holder.run { await $0.stopMonitoringSignificantLocationChanges() }
            },
            dismissHeadingCalibrationDisplay: { await holder.run { await $0.dismissHeadingCalibrationDisplay() } },
            startServiceSession: { authorization, key in
                await holder.run {
                    await $0.startServiceSession(authorization: authorization, fullAccuracyPurposeKey: key)
                }
            }
        )
    }
}
