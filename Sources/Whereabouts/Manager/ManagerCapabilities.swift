/// What the platform's Core Location offers beyond authorization and one fix, as the client logic needs to know it.
///
/// It comes from the platform's ``PlatformRules`` (``init(platform:)``), which the simulated OS decides by too: all of
/// it on iOS, iPadOS and Mac Catalyst; less elsewhere (the article "The rules Whereabouts follows" has the table).
/// Where something is missing the client says so with an error, or reports the setting as the platform behaves,
/// instead of calling an API the platform does not have.
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
    /// `startUpdatingLocation()`; without it (tvOS) only `requestLocation()` gives a location.
    package var liveUpdates = true

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

    /// The capabilities of a platform's Core Location, from its rules.
    ///
    /// - Parameter platform: The platform.
    package init(platform: Platform) {
        let rules = platform.rules
        self.init(
            alwaysAuthorization: rules.alwaysAuthorization,
            heading: rules.heading,
            visits: rules.visits,
            backgroundUpdates: rules.backgroundUpdates,
            pausing: rules.pausing,
            backgroundIndicator: rules.backgroundIndicator,
            backgroundModeRequired: rules.backgroundModeRequired
        )
        liveUpdates = rules.liveUpdates
    }
}
