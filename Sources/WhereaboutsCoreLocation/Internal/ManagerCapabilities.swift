import Whereabouts

/// What the platform's Core Location offers beyond authorization, one fix and live updates.
///
/// All of it on iOS, iPadOS and Mac Catalyst. macOS has no `showsBackgroundLocationIndicator`; visionOS has no
/// `requestAlwaysAuthorization()`, heading (nor `headingFilter` or `headingOrientation`), visits, background location
/// updates, pausing or background indicator; watchOS has no visits, pausing or background indicator (nor region
/// monitoring, which ``LocationManaging/isRegionMonitoringAvailable`` reports, nor significant-change monitoring,
/// which ``LocationManaging/significantLocationChangeMonitoringAvailable`` reports). Where something is missing the
/// adapter says so with an error, or reports the setting as the platform behaves, instead of calling an API the
/// platform does not have.
struct ManagerCapabilities: Hashable, Sendable {
    /// `requestAlwaysAuthorization()`.
    var alwaysAuthorization = true
    /// `startUpdatingHeading()`, the heading callbacks, `headingFilter`, `headingOrientation` and
    /// `dismissHeadingCalibrationDisplay()`.
    var heading = true
    /// `startMonitoringVisits()` and the visit callbacks.
    var visits = true
    /// `allowsBackgroundLocationUpdates`.
    var backgroundUpdates = true
    /// `pausesLocationUpdatesAutomatically` and the pause callbacks; without it updates never pause.
    var pausing = true
    /// `showsBackgroundLocationIndicator`.
    var backgroundIndicator = true

    /// Everything, as on iOS.
    static let all = ManagerCapabilities()
}
