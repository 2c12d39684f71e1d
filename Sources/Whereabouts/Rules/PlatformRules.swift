/// What one Apple platform's Core Location offers, written once: the simulated OS decides by it, and the Core Location
/// adapter's ``ManagerCapabilities`` come from it.
///
/// Each answer names the Apple page or SDK header it was checked against; where Apple says nothing, the comment says
/// the choice made and why. `LocationPolicy` reads the rules of its ``Platform``; `PlatformRulesTests` holds the table.
package struct PlatformRules: Hashable, Sendable {
    /// Whether the platform has When In Use. Without it (macOS) a When In Use request asks the person as iOS does,
    /// and an app the person allows is `authorizedAlways`.
    package var whenInUseAuthorization: Bool
    /// Whether the app may ask for Always (`requestAlwaysAuthorization()`).
    package var alwaysAuthorization: Bool
    /// Whether the standard location service runs (`startUpdatingLocation()`); without it only one-shot
    /// `requestLocation()` gives a location.
    package var liveUpdates: Bool
    /// Whether updates may go on in the background (`allowsBackgroundLocationUpdates`).
    package var backgroundUpdates: Bool
    /// Whether background updates need `location` in `UIBackgroundModes` (moot where there are none).
    package var backgroundModeRequired: Bool
    /// Whether `CLServiceSession` exists; without it the client asks by the session's rules itself.
    package var serviceSessions: Bool
    /// Whether `CLBackgroundActivitySession` exists.
    package var backgroundActivitySessions: Bool
    /// Whether circular regions can be monitored (`startMonitoring(for:)`).
    package var regionMonitoring: Bool
    /// Whether condition monitors exist (`CLMonitor`): CLMonitor.h of the iOS 18.0 SDK declares the class
    /// `API_AVAILABLE(macos(14.0), ios(17.0)) API_UNAVAILABLE(watchos, tvos)`, and unavailable under `TARGET_OS_VISION`.
    package var conditionMonitoring: Bool
    /// Whether visits can be monitored (`startMonitoringVisits()`).
    package var visits: Bool
    /// Whether significant changes can be monitored (`startMonitoringSignificantLocationChanges()`).
    package var significantChanges: Bool
    /// Whether the heading API exists (`startUpdatingHeading()`, `headingFilter`, `headingOrientation`).
    package var heading: Bool
    /// Whether the device has a compass to give headings (`headingAvailable()`).
    package var compass: Bool
    /// Whether updates pause by themselves (`pausesLocationUpdatesAutomatically`).
    package var pausing: Bool
    /// Whether the background location indicator can be shown (`showsBackgroundLocationIndicator`).
    package var backgroundIndicator: Bool
    /// Whether the app is ever sent to the background.
    package var backgroundState: Bool

    /// Whether an Always request can upgrade When In Use with its second prompt, once per install: only where both
    /// exist (a Mac, with no When In Use, asks once and grants Always).
    package var alwaysUpgradePrompt: Bool { whenInUseAuthorization && alwaysAuthorization }

    /// iOS and iPadOS: everything (the rest of the article is iOS's).
    package static let iOS = PlatformRules(
        whenInUseAuthorization: true,
        alwaysAuthorization: true,
        liveUpdates: true,
        backgroundUpdates: true,
        backgroundModeRequired: true,
        serviceSessions: true,
        backgroundActivitySessions: true,
        regionMonitoring: true,
        conditionMonitoring: true,
        visits: true,
        significantChanges: true,
        heading: true,
        compass: true,
        pausing: true,
        backgroundIndicator: true,
        backgroundState: true
    )

    /// macOS.
    package static let macOS = PlatformRules(
        // The macOS 11.1 SDK's CLLocationManager.h marks kCLAuthorizationStatusAuthorizedWhenInUse unavailable on
        // macOS, and the page "CLAuthorizationStatus.authorizedWhenInUse" lists no macOS: an allowed Mac app reads
        // authorizedAlways (spelled `authorized` there), whichever request asked.
        whenInUseAuthorization: false,
        // The page "requestAlwaysAuthorization()" lists macOS 10.15.
        alwaysAuthorization: true,
        liveUpdates: true,
        backgroundUpdates: true,
        // "Handling location updates in the background": a Mac app needs no background mode, since macOS does not
        // suspend apps in the background.
        backgroundModeRequired: false,
        // The iOS 18 SDK's CLServiceSession.h: API_UNAVAILABLE(macos).
        serviceSessions: false,
        // The page "CLBackgroundActivitySession" lists no macOS.
        backgroundActivitySessions: false,
        regionMonitoring: true,
        conditionMonitoring: true,
        // The iOS 17 SDK's CLLocationManager+CLVisitExtensions.h makes visits available on macOS 10.15.
        visits: true,
        significantChanges: true,
        // The page "startUpdatingHeading()" lists macOS; Apple says nothing of a Mac's compass. No Mac has a
        // magnetometer, so headingAvailable() is false and no heading ever comes.
        heading: true,
        compass: false,
        pausing: true,
        // The page "showsBackgroundLocationIndicator" lists no macOS.
        backgroundIndicator: false,
        // "Handling location updates in the background": macOS does not suspend apps in the background; a Mac app
        // stays in use while it runs, so the simulated Mac app is never sent to the background.
        backgroundState: false
    )

    /// watchOS.
    package static let watchOS = PlatformRules(
        whenInUseAuthorization: true,
        alwaysAuthorization: true,
        liveUpdates: true,
        backgroundUpdates: true,
        backgroundModeRequired: true,
        serviceSessions: true,
        backgroundActivitySessions: true,
        // The pages "startMonitoring(for:)" and "startMonitoringSignificantLocationChanges()" list no watchOS, nor
        // does the iOS 17 SDK's CLLocationManager+CLVisitExtensions.h for visits.
        regionMonitoring: false,
        conditionMonitoring: false,
        visits: false,
        significantChanges: false,
        // The page "startUpdatingHeading()" lists watchOS 2; Apple Watch has a compass from Series 5 (the page is
        // silent on models: Whereabouts simulates one with a compass).
        heading: true,
        compass: true,
        // The pages "pausesLocationUpdatesAutomatically" and "showsBackgroundLocationIndicator" list no watchOS.
        pausing: false,
        backgroundIndicator: false,
        backgroundState: true
    )

    /// visionOS.
    package static let visionOS = PlatformRules(
        whenInUseAuthorization: true,
        // The page "requestAlwaysAuthorization()" lists no visionOS.
        alwaysAuthorization: false,
        liveUpdates: true,
        // The page "allowsBackgroundLocationUpdates" lists no visionOS, and "Handling location updates in the
        // background" says visionOS apps receive no background updates.
        backgroundUpdates: false,
        backgroundModeRequired: true,
        serviceSessions: true,
        // The page "CLBackgroundActivitySession" lists visionOS 1.
        backgroundActivitySessions: true,
        // The pages "startMonitoring(for:)", "startMonitoringSignificantLocationChanges()" and
        // "startUpdatingHeading()" list no visionOS, nor does CLLocationManager+CLVisitExtensions.h for visits.
        regionMonitoring: false,
        conditionMonitoring: false,
        visits: false,
        significantChanges: false,
        heading: false,
        compass: false,
        // The page "pausesLocationUpdatesAutomatically" lists visionOS 1.
        pausing: true,
        // The page "showsBackgroundLocationIndicator" lists visionOS, but with no background updates there is no
        // background use for it to show: Whereabouts reports it off, as the adapter never sets it there.
        backgroundIndicator: false,
        backgroundState: true
    )

    /// tvOS.
    package static let tvOS = PlatformRules(
        whenInUseAuthorization: true,
        // The page "requestAlwaysAuthorization()" lists no tvOS.
        alwaysAuthorization: false,
        // The page "startUpdatingLocation()" lists no tvOS; "requestLocation()" lists tvOS 9.
        liveUpdates: false,
        // The page "allowsBackgroundLocationUpdates" lists no tvOS.
        backgroundUpdates: false,
        backgroundModeRequired: true,
        // The iOS 18 SDK's CLServiceSession.h declares it for tvOS (without the Always requirement).
        serviceSessions: true,
        // The page "CLBackgroundActivitySession" lists no tvOS.
        backgroundActivitySessions: false,
        // The pages "startMonitoring(for:)", "startMonitoringSignificantLocationChanges()", "startUpdatingHeading()",
        // "pausesLocationUpdatesAutomatically" and "showsBackgroundLocationIndicator" list no tvOS, nor does
        // CLLocationManager+CLVisitExtensions.h for visits.
        regionMonitoring: false,
        conditionMonitoring: false,
        visits: false,
        significantChanges: false,
        heading: false,
        compass: false,
        pausing: false,
        backgroundIndicator: false,
        backgroundState: true
    )
}
