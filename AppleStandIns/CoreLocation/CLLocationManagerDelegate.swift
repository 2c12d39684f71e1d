// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
public import Foundation

/// `CLLocationManagerDelegate`: every method is optional (here, a default that does nothing), and none is isolated
/// to an actor, so a `@MainActor` class implements them `nonisolated`.
///
/// What this stand-in cannot check: Core Location finds these methods by their Objective-C selectors at run time,
/// so a misspelled method compiles on a device as here, and is never called. In each flavour the requirements its
/// platform lacks (per AppleStandIns/Declarations.tsv) are left out, with their defaults (only an `@objc` protocol can
/// mark a requirement unavailable); a witness for one then fails on its unavailable `CLHeading` or `CLVisit`, or is a
/// method nobody calls.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    /// The authorization changed (or the manager was made).
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// New locations, oldest first.
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    /// A `CLError` or another error.
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    #if !(WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
    /// A new heading (not tvOS).
    @available(visionOS, unavailable) @available(tvOS, unavailable)
    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading)
    #endif
    #if !(WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
    /// Whether Core Location may show the heading calibration alert now; without this method it never does.
    @available(visionOS, unavailable) @available(tvOS, unavailable)
    func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool
    #endif
    #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
    /// The device entered a monitored region.
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
    #endif
    #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
    /// The device left a monitored region.
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
    #endif
    #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
    /// Monitoring a region failed.
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    func locationManager(
        _ manager: CLLocationManager,
        monitoringDidFailFor region: CLRegion?,
        withError error: any Error
    )
    #endif
    #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
    /// A visit began or ended.
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit)
    #endif
    // Apple's documentation pages for the two pause callbacks list visionOS 1 among their platforms; not watchOS.
    #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_TVOS)
    /// Updates paused because the device stopped moving (iOS 6, macOS 10.15, visionOS 1).
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager)
    #endif
    #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_TVOS)
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
    #if !(WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
    /// Optional.
    @available(visionOS, unavailable) @available(tvOS, unavailable)
    public func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {}
    #endif
    #if !(WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
    /// Optional; `false`, as Core Location takes a delegate without the method.
    @available(visionOS, unavailable) @available(tvOS, unavailable)
    public func locationManagerShouldDisplayHeadingCalibration(_ manager: CLLocationManager) -> Bool { false }
    #endif
    #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
    /// Optional.
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {}
    #endif
    #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
    /// Optional.
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {}
    #endif
    #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
    /// Optional.
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    public func locationManager(
        _ manager: CLLocationManager,
        monitoringDidFailFor region: CLRegion?,
        withError error: any Error
    ) {}
    #endif
    #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_TVOS)
    /// Optional.
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {}
    #endif
    #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_TVOS)
    /// Optional.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    public func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {}
    #endif
    #if !(WHEREABOUTS_STANDIN_WATCHOS || WHEREABOUTS_STANDIN_TVOS)
    /// Optional.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    public func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {}
    #endif
}
