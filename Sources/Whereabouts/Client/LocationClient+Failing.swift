extension LocationClient {
    /// A client whose every endpoint calls `fail` with its name: endpoints that can throw throw the
    /// error it returns, the others return an inert value (a `.notDetermined` authorization, finished
    /// streams, `false`, `nil`, an inert service session).
    ///
    /// The one list of endpoints behind WhereaboutsTesting's `LocationClient.unimplemented()` and
    /// WhereaboutsDependencies' test value (both report through IssueReporting, so Swift Testing and
    /// XCTest tests fail alike).
    ///
    /// - Parameter fail: Reports the call to `endpoint` and returns the error to throw.
    /// - Returns: The client.
    package static func failing(_ fail: @escaping @Sendable (_ endpoint: String) -> any Error) -> LocationClient {
        let inert = Authorization(status: .notDetermined, accuracy: .fullAccuracy)
        return LocationClient(
            authorization: {
                _ = fail("authorization")
                return inert
            },
            authorizationUpdates: {
                _ = fail("authorizationUpdates")
                return AsyncStream { $0.finish() }
            },
            requestWhenInUseAuthorization: { throw fail("requestWhenInUseAuthorization") },
            requestAlwaysAuthorization: { throw fail("requestAlwaysAuthorization") },
            requestTemporaryFullAccuracy: { _ in throw fail("requestTemporaryFullAccuracy") },
            requestLocation: { throw fail("requestLocation") },
            liveUpdates: {
                _ = fail("liveUpdates")
                return AsyncThrowingStream { $0.finish() }
            },
            events: {
                _ = fail("events")
                return AsyncStream { $0.finish() }
            },
            startMonitoring: { _ in throw fail("startMonitoring") },
            stopMonitoring: { _ in _ = fail("stopMonitoring") },
            startMonitoringVisits: { throw fail("startMonitoringVisits") },
            stopMonitoringVisits: { _ = fail("stopMonitoringVisits") },
            startUpdatingHeading: { _ = fail("startUpdatingHeading") },
            stopUpdatingHeading: { _ = fail("stopUpdatingHeading") },
            setAllowsBackgroundLocationUpdates: { _ in throw fail("setAllowsBackgroundLocationUpdates") },
            startBackgroundSession: {
                _ = fail("startBackgroundSession")
                return false
            },
            stopBackgroundSession: { _ = fail("stopBackgroundSession") },
            authorizationSnapshot: {
                _ = fail("authorizationSnapshot")
                return inert
            },
            locationServicesEnabled: {
                _ = fail("locationServicesEnabled")
                return false
            },
            location: {
                _ = fail("location")
                return nil
            },
            heading: {
                _ = fail("heading")
                return nil
            },
            headingAvailable: {
                _ = fail("headingAvailable")
                return false
            },
            isRangingAvailable: {
                _ = fail("isRangingAvailable")
                return false
            },
            significantLocationChangeMonitoringAvailable: {
                _ = fail("significantLocationChangeMonitoringAvailable")
                return false
            },
            maximumRegionMonitoringDistance: {
                _ = fail("maximumRegionMonitoringDistance")
                return 0
            },
            monitoredRegions: {
                _ = fail("monitoredRegions")
                return []
            },
            properties: {
                _ = fail("properties")
                return LocationProperties()
            },
            set: { _ in throw fail("set") },
            startUpdatingLocation: { _ = fail("startUpdatingLocation") },
            stopUpdatingLocation: { _ = fail("stopUpdatingLocation") },
            startMonitoringSignificantLocationChanges: { _ = fail("startMonitoringSignificantLocationChanges") },
            stopMonitoringSignificantLocationChanges: { _ = fail("stopMonitoringSignificantLocationChanges") },
            dismissHeadingCalibrationDisplay: { _ = fail("dismissHeadingCalibrationDisplay") },
            startServiceSession: { authorization, key in
                _ = fail("startServiceSession")
                return ServiceSession(
                    authorization: authorization,
                    fullAccuracyPurposeKey: key,
                    diagnostics: { AsyncStream { $0.finish() } },
                    invalidate: {}
                )
            },
            openMonitor: { _ in throw fail("openMonitor") }
        )
    }
}
