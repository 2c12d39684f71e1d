/// The errors for a call the platform's Core Location does not have: the client over a real `CLLocationManager` and
/// the simulated OS give the same ones.
extension LocationError {
    /// `requestAlwaysAuthorization()` where the platform has no Always (visionOS, tvOS).
    package static let alwaysAuthorizationUnavailable = LocationError.sourceFailed(
        "this platform's Core Location has no Always authorization (requestAlwaysAuthorization() is "
            + "unavailable here); ask for When In Use with requestWhenInUseAuthorization()"
    )

    /// `startMonitoringVisits()` where the platform has no visits.
    package static let visitsUnavailable = LocationError.sourceFailed(
        "this platform's Core Location has no visit monitoring (startMonitoringVisits() is unavailable here)"
    )

    /// `startUpdatingHeading()` where the platform has no heading.
    package static let headingUnavailable = LocationError.sourceFailed(
        "this platform's Core Location has no heading (startUpdatingHeading() is unavailable here)"
    )

    /// `allowsBackgroundLocationUpdates` set where the platform has no background updates.
    package static let backgroundUpdatesUnavailable = LocationError.sourceFailed(
        "this platform's Core Location has no background location updates (allowsBackgroundLocationUpdates is "
            + "unavailable here)"
    )

    /// `startUpdatingLocation()` where the platform has no live updates (tvOS).
    package static let liveUpdatesUnavailable = LocationError.sourceFailed(
        "this platform's Core Location has no live updates (startUpdatingLocation() is unavailable here); ask for "
            + "one location at a time with requestLocation()"
    )

    /// `startMonitoringSignificantLocationChanges()` where the platform has no significant-change monitoring.
    package static let significantChangesUnavailable = LocationError.sourceFailed(
        "this device's Core Location has no significant-change monitoring "
            + "(significantLocationChangeMonitoringAvailable() is false)"
    )

    /// `startMonitoring(for:)` where the platform has no region monitoring.
    package static let regionMonitoringUnsupported = LocationError.regionMonitoringUnavailable(
        "this device cannot monitor circular regions"
    )
}
