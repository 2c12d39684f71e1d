// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
public import Foundation

/// `CLLocationManagerDelegate`: every method is optional (here, a default that does nothing), and none is isolated
/// to an actor, so a `@MainActor` class implements them `nonisolated`.
///
/// What this stand-in cannot check: Core Location finds these methods by their Objective-C selectors at run time,
/// so a misspelled method compiles on a device as here, and is never called.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    /// The authorization changed (or the manager was made).
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// New locations, oldest first.
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// A `CLError` or another error.
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    /// A new heading (not tvOS).
    @available(tvOS, unavailable)
    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading)
    /// The device entered a monitored region.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
    /// The device left a monitored region.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
    /// Monitoring a region failed.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    func locationManager(
        _ manager: CLLocationManager,
        monitoringDidFailFor region: CLRegion?,
        withError error: any Error
    )
    /// A visit began or ended.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit)
    /// Updates paused because the device stopped moving (iOS 6, macOS 10.15).
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager)
    /// Updates resumed.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager)
}

extension CLLocationManagerDelegate {
    /// Optional.
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    /// Optional.
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    /// Optional.
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
    /// Optional.
    public func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {}
    /// Optional.
    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {}
    /// Optional.
    public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {}
    /// Optional.
    public func locationManager(
        _ manager: CLLocationManager,
        monitoringDidFailFor region: CLRegion?,
        withError error: any Error
    ) {}
    /// Optional.
    public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {}
    /// Optional.
    public func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {}
    /// Optional.
    public func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {}
}
