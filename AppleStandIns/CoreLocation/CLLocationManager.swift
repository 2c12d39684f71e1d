// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift). Availability follows CLLocationManager.h:
// the `@available(PLATFORM, unavailable)` marks are Apple's (the compiler on Linux does not act on them); the
// `#if WHEREABOUTS_STANDIN_MACOS` marks make the macOS flavour reject what macOS does not have.
public import Foundation

/// `CLLocationManager`: neither `@MainActor` nor `Sendable`. Its delegate's callbacks arrive on the run loop of the
/// thread that created it.
open class CLLocationManager: NSObject {
    /// A manager; create it on the main thread and keep a strong reference.
    public override init() { fatalError() }

    /// The delegate, held weakly.
    weak open var delegate: (any CLLocationManagerDelegate)?

    /// Whether Location Services are on. Blocks: Apple warns against calling it on the main thread.
    open class func locationServicesEnabled() -> Bool { fatalError() }
    /// Whether the device has a compass.
    open class func headingAvailable() -> Bool { fatalError() }
    #if WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS
    @available(
        *,
        unavailable,
        message: "significantLocationChangeMonitoringAvailable() is not available on visionOS or watchOS"
    )
    #endif
    /// Whether significant-change monitoring is possible (iOS 4, macOS 10.7).
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open class func significantLocationChangeMonitoringAvailable() -> Bool { fatalError() }
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "isMonitoringAvailable(for:) is not available on watchOS")
    #endif
    /// Whether regions of this class can be monitored (iOS 7, macOS 10.10).
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool { fatalError() }
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "isRangingAvailable() is not available on watchOS")
    #endif
    /// Whether beacon ranging is possible (iOS 7, macOS 10.15).
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open class func isRangingAvailable() -> Bool { fatalError() }

    /// The app's authorization (iOS 14, macOS 11).
    @available(iOS 14, macOS 11, watchOS 7, tvOS 14, *)
    open var authorizationStatus: CLAuthorizationStatus { fatalError() }
    /// The app's accuracy authorization (iOS 14, macOS 11).
    @available(iOS 14, macOS 11, watchOS 7, tvOS 14, *)
    open var accuracyAuthorization: CLAccuracyAuthorization { fatalError() }

    /// The desired accuracy, in metres or one of the `kCLLocationAccuracy…` constants.
    open var desiredAccuracy: CLLocationAccuracy {
        get { fatalError() }
        set { fatalError() }
    }
    /// What the app uses location for (iOS 6, macOS 10.15, watchOS 4, visionOS 1; not tvOS).
    @available(tvOS, unavailable)
    open var activityType: CLActivityType {
        get { fatalError() }
        set { fatalError() }
    }
    /// The minimum horizontal movement in metres before an update is delivered.
    open var distanceFilter: CLLocationDistance {
        get { fatalError() }
        set { fatalError() }
    }
    // Apple's documentation page for the property lists iOS 6, iPadOS 6, Mac Catalyst 13.1, macOS 10.15 and
    // visionOS 1: not watchOS (nor tvOS).
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "pausesLocationUpdatesAutomatically is not available on watchOS")
    #endif
    /// Whether updates may pause automatically (iOS 6, macOS 10.15, visionOS 1).
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open var pausesLocationUpdatesAutomatically: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "allowsBackgroundLocationUpdates is not available on visionOS")
    #endif
    /// Whether updates continue in the background (iOS 9, macOS 10.15, watchOS 4); `true` without `location` in
    /// `UIBackgroundModes` raises an exception.
    @available(tvOS, unavailable)
    open var allowsBackgroundLocationUpdates: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    #if WHEREABOUTS_STANDIN_MACOS || WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS
    @available(
        *,
        unavailable,
        message: "showsBackgroundLocationIndicator is not available on macOS or visionOS or watchOS"
    )
    #endif
    /// Whether the background location indicator shows (iOS 11; not macOS, watchOS or tvOS).
    @available(macOS, unavailable) @available(watchOS, unavailable) @available(tvOS, unavailable)
    open var showsBackgroundLocationIndicator: Bool {
        get { fatalError() }
        set { fatalError() }
    }
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "headingFilter is not available on visionOS")
    #endif
    /// Degrees a heading must change before the next is delivered; `kCLHeadingFilterNone` for every change
    /// (iOS 3, macOS 10.15, watchOS 2; not tvOS).
    @available(tvOS, unavailable)
    open var headingFilter: CLLocationDegrees {
        get { fatalError() }
        set { fatalError() }
    }
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "headingOrientation is not available on visionOS")
    #endif
    /// The orientation headings are measured from (iOS 4, macOS 10.15, watchOS 2; not tvOS).
    @available(tvOS, unavailable)
    open var headingOrientation: CLDeviceOrientation {
        get { fatalError() }
        set { fatalError() }
    }
    /// The most recent location.
    open var location: CLLocation? { fatalError() }
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "heading is not available on visionOS")
    #endif
    /// The most recent heading (iOS 4, macOS 10.15, watchOS 2).
    @available(tvOS, unavailable)
    open var heading: CLHeading? { fatalError() }
    #if WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "monitoredRegions is not available on visionOS or watchOS")
    #endif
    /// The regions this app monitors (iOS 4, macOS 10.8).
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open var monitoredRegions: Set<CLRegion> { fatalError() }
    #if WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "maximumRegionMonitoringDistance is not available on visionOS or watchOS")
    #endif
    /// The largest region radius the device supports.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open var maximumRegionMonitoringDistance: CLLocationDistance { fatalError() }

    /// Shows the When In Use prompt if the status is `.notDetermined`, the app is in use and the key is declared;
    /// otherwise does nothing, and sends no callback.
    @available(iOS 8, macOS 10.15, *)
    open func requestWhenInUseAuthorization() { fatalError() }
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "requestAlwaysAuthorization() is not available on visionOS")
    #endif
    /// Asks for Always (both keys needed); the upgrade from When In Use is shown once per install.
    @available(iOS 8, macOS 10.15, *) @available(tvOS, unavailable)
    open func requestAlwaysAuthorization() { fatalError() }
    /// Asks for temporary full accuracy; the completion runs on the manager's run loop.
    @available(iOS 14, macOS 11, watchOS 7, tvOS 14, *)
    open func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String,
        completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) { fatalError() }

    /// Asks for one location: one `didUpdateLocations` or one `didFailWithError`. `startUpdatingLocation()` and
    /// `stopUpdatingLocation()` cancel an outstanding request, and nothing is delivered for it then.
    @available(iOS 9, macOS 10.14, *)
    open func requestLocation() { fatalError() }
    /// Starts live updates (not tvOS).
    @available(tvOS, unavailable)
    open func startUpdatingLocation() { fatalError() }
    /// Stops live updates.
    open func stopUpdatingLocation() { fatalError() }
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "startUpdatingHeading() is not available on visionOS")
    #endif
    /// Starts heading updates (iOS 3, macOS 10.15, watchOS 2).
    @available(tvOS, unavailable)
    open func startUpdatingHeading() { fatalError() }
    #if WHEREABOUTS_STANDIN_MACOS || WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "stopUpdatingHeading() is not available on macOS or visionOS")
    #endif
    /// Stops heading updates (iOS 3, watchOS 2; `API_UNAVAILABLE(tvos, macos)`).
    @available(macOS, unavailable) @available(tvOS, unavailable)
    open func stopUpdatingHeading() { fatalError() }
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "dismissHeadingCalibrationDisplay() is not available on visionOS")
    #endif
    /// Dismisses the heading calibration display.
    @available(tvOS, unavailable)
    open func dismissHeadingCalibrationDisplay() { fatalError() }

    #if WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS
    @available(
        *,
        unavailable,
        message: "startMonitoringSignificantLocationChanges() is not available on visionOS or watchOS"
    )
    #endif
    /// Starts significant-change monitoring (iOS 4, macOS 10.7).
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open func startMonitoringSignificantLocationChanges() { fatalError() }
    #if WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS
    @available(
        *,
        unavailable,
        message: "stopMonitoringSignificantLocationChanges() is not available on visionOS or watchOS"
    )
    #endif
    /// Stops significant-change monitoring.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open func stopMonitoringSignificantLocationChanges() { fatalError() }
    #if WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "startMonitoring(for:) is not available on visionOS or watchOS")
    #endif
    /// Starts monitoring a region (iOS 5, macOS 10.8); at most 20 at once.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open func startMonitoring(for region: CLRegion) { fatalError() }
    #if WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "stopMonitoring(for:) is not available on visionOS or watchOS")
    #endif
    /// Stops monitoring a region.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open func stopMonitoring(for region: CLRegion) { fatalError() }
    #if WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "startMonitoringVisits() is not available on visionOS or watchOS")
    #endif
    /// Starts visit monitoring (iOS 8, macOS 10.15).
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open func startMonitoringVisits() { fatalError() }
    #if WHEREABOUTS_STANDIN_VISIONOS || WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "stopMonitoringVisits() is not available on visionOS or watchOS")
    #endif
    /// Stops visit monitoring.
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open func stopMonitoringVisits() { fatalError() }
}
