// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
public import Foundation

/// `CLLocationManagerDelegate`: every method is optional (here, a default that does nothing), and none is isolated
/// to an actor, so a `@MainActor` class implements them `nonisolated`.
///
/// What this stand-in cannot check: Core Location finds these methods by their Objective-C selectors at run time,
/// so a misspelled method compiles on a device as here, and is never called. In the visionOS and watchOS flavours the
/// requirements those platforms lack are left out (only an `@objc` protocol can mark a requirement unavailable); a
/// witness for one then fails on its unavailable `CLHeading` or `CLVisit`, or is a method nobody calls.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    /// The authorization changed (or the manager was made).
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// New locations, oldest first.
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// A `CLError` or another error.
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    #if !(WHEREABOUTS_STANDIN_VISIONOS)
    /// A new heading (not tvOS).
    @available(tvOS, unavailable)
    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading)
    #endif
    // Apple's page for it lists iOS 3, Mac Catalyst 13.1, macOS 10.15 and watchOS 2: not tvOS or visionOS.
    #if !(WHEREABOUTS_STANDIN_VISIONOS)
    /// Whether Core Location may show the heading calibration display now; without the method, it does not.
    @available(tvOS, unavailable)
    func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool
    #endif
    #if !(WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS)
    /// The device entered a monitored region.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
    #endif
    #if !(WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS)
    /// The device left a monitored region.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
    #endif
    #if !(WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS)
    /// Monitoring a region failed.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    func locationManager(
        _ manager: CLLocationManager,
        monitoringDidFailFor region: CLRegion?,
        withError error: any Error
    )
    #endif
    #if !(WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS)
    /// A visit began or ended.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit)
    #endif
    // Apple's documentation pages for the two pause callbacks list visionOS 1 among their platforms; not watchOS.
    #if !WHEREABOUTS_STANDIN_WATCHOS
    /// Updates paused because the device stopped moving (iOS 6, macOS 10.15, visionOS 1).
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager)
    #endif
    #if !WHEREABOUTS_STANDIN_WATCHOS
    /// Updates resumed.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager)
    #endif
}

extension CLLocationManagerDelegate {
    /// Optional.
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    /// Optional.
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    /// Optional.
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
    #if !(WHEREABOUTS_STANDIN_VISIONOS)
    /// Optional.
    public func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {}
    #endif
    #if !(WHEREABOUTS_STANDIN_VISIONOS)
    /// Optional: as a delegate without the method, no calibration display.
    public func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool { false }
    #endif
    #if !(WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS)
    /// Optional.
    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {}
    #endif
    #if !(WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS)
    /// Optional.
    public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {}
    #endif
    #if !(WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS)
    /// Optional.
    public func locationManager(
        _ manager: CLLocationManager,
        monitoringDidFailFor region: CLRegion?,
        withError error: any Error
    ) {}
    #endif
    #if !(WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS)
    /// Optional.
    public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {}
    #endif
    #if !WHEREABOUTS_STANDIN_WATCHOS
    /// Optional.
    public func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {}
    #endif
    #if !WHEREABOUTS_STANDIN_WATCHOS
    /// Optional.
    public func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {}
    #endif
}
