/// What the platform's Core Location offers beyond authorization, one fix and live updates.
///
/// All of it on iOS, iPadOS and Mac Catalyst. macOS has no `showsBackgroundLocationIndicator` (nor
/// `CLServiceSession`, whose sessions the client logic then keeps itself), and needs no `UIBackgroundModes` for
/// background updates; visionOS has no
/// `requestAlwaysAuthorization()`, heading (nor `headingFilter` or `headingOrientation`), visits, background location
/// updates or background indicator (it pauses updates, by default, as iOS does); watchOS has no visits, pausing or background indicator (nor region
/// monitoring, which ``LocationManaging/isRegionMonitoringAvailable`` reports, nor significant-change monitoring,
/// which ``LocationManaging/significantLocationChangeMonitoringAvailable`` reports). Where something is missing the
/// adapter says so with an error, or reports the setting as the platform behaves, instead of calling an API the
/// platform does not have.
package struct ManagerCapabilities: Hashable, Sendable {
    /// `requestAlwaysAuthorization()`.
    package var alwaysAuthorization = true
    /// `startUpdatingHeading()`, the heading callbacks, `headingFilter`, `headingOrientation` and
    /// `dismissHeadingCalibrationDisplay()`.
    package var heading = true
    /// `startMonitoringVisits()` and the visit callbacks.
    package var visits = true
    /// `allowsBackgroundLocationUpdates`.
    package var backgroundUpdates = true
    /// `pausesLocationUpdatesAutomatically` and the pause callbacks; without it updates never pause.
    package var pausing = true
    /// `showsBackgroundLocationIndicator`.
    package var backgroundIndicator = true
    /// Whether background updates need `location` in `UIBackgroundModes`, as on iOS, iPadOS, Mac Catalyst and
    /// watchOS; not on macOS, which does not suspend apps in the background.
    package var backgroundModeRequired = true

    /// Everything, as on iOS.
    package static let all = ManagerCapabilities()

    /// Creates capabilities; everything is on unless a parameter says otherwise.
    ///
    /// - Parameters:
    ///   - alwaysAuthorization: `requestAlwaysAuthorization()`.
    ///   - heading: Heading updates and their settings.
    ///   - visits: Visit monitoring.
    ///   - backgroundUpdates: `allowsBackgroundLocationUpdates`.
    ///   - pausing: `pausesLocationUpdatesAutomatically` and the pause callbacks.
    ///   - backgroundIndicator: `showsBackgroundLocationIndicator`.
    ///   - backgroundModeRequired: Whether background updates need `location` in `UIBackgroundModes`.
    package init(
        alwaysAuthorization: Bool = true,
        heading: Bool = true,
        visits: Bool = true,
        backgroundUpdates: Bool = true,
        pausing: Bool = true,
        backgroundIndicator: Bool = true,
        backgroundModeRequired: Bool = true
    ) {
        self.alwaysAuthorization = alwaysAuthorization
        self.heading = heading
        self.visits = visits
        self.backgroundUpdates = backgroundUpdates
        self.pausing = pausing
        self.backgroundIndicator = backgroundIndicator
        self.backgroundModeRequired = backgroundModeRequired
    }
}
