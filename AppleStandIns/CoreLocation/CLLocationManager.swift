// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift). Per-platform availability is written by
// scripts/standins.py from AppleStandIns/Declarations.tsv: the `@available(PLATFORM, unavailable)` marks are Apple's
// (the compiler on Linux does not act on them); the `#if WHEREABOUTS_STANDIN_<PLATFORM>` blocks make that flavour of
// scripts/check-apple.sh reject what the platform does not have.
public import Foundation
internal import Whereabouts

/// `CLLocationManager`: neither `@MainActor` nor `Sendable`. Its delegate's callbacks arrive on the run loop of the
/// thread that created it.
open class CLLocationManager: NSObject {
    /// A manager; create it on the main thread and keep a strong reference.
    public override init() {
        let model = MainActor.assumeIsolated { StandInManager() }
        standInModel = model
        super.init()
        // Core Location's managers live on the thread that made them: the main one, where the model is.
        nonisolated(unsafe) let owner = self
        MainActor.assumeIsolated { model.owner = owner }
    }

    /// The delegate, held weakly.
    weak open var delegate: (any CLLocationManagerDelegate)?

    /// Whether Location Services are on. Blocks: Apple warns against calling it on the main thread.
    open class func locationServicesEnabled() -> Bool {
        StandInDevice.current?.os.authorizationSnapshot.servicesEnabled ?? true
    }
    /// Whether the device has a compass.
    #if WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.headingAvailable() is not available on tvOS")
    #endif
    @available(tvOS, unavailable)
    open class func headingAvailable() -> Bool { StandInDevice.current?.headingAvailable ?? false }
    /// Whether significant-change monitoring is possible (iOS 4, macOS 10.7).
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(
        *,
        unavailable,
        message: "CLLocationManager.significantLocationChangeMonitoringAvailable() is not available on watchOS"
    )
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(
        *,
        unavailable,
        message: "CLLocationManager.significantLocationChangeMonitoringAvailable() is not available on tvOS"
    )
    #endif
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open class func significantLocationChangeMonitoringAvailable() -> Bool {
        StandInDevice.current?.os.significantLocationChangeMonitoringAvailable ?? false
    }
    /// Whether regions of this class can be monitored (iOS 7, macOS 10.10).
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "CLLocationManager.isMonitoringAvailable(for:) is not available on watchOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.isMonitoringAvailable(for:) is not available on tvOS")
    #endif
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool {
        String(describing: regionClass) == "CLCircularRegion"
    }
    /// Whether beacon ranging is possible (iOS 7, macOS 10.15).
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "CLLocationManager.isRangingAvailable() is not available on watchOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.isRangingAvailable() is not available on tvOS")
    #endif
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open class func isRangingAvailable() -> Bool { StandInDevice.current?.os.isRangingAvailable ?? false }

    /// The app's authorization (iOS 14, macOS 11).
    @available(iOS 14, macOS 11, watchOS 7, tvOS 14, *)
    open var authorizationStatus: CLAuthorizationStatus {
        CLAuthorizationStatus(standIn: standIn { $0.backing.authorizationStatus })
    }
    /// The app's accuracy authorization (iOS 14, macOS 11).
    @available(iOS 14, macOS 11, watchOS 7, tvOS 14, *)
    open var accuracyAuthorization: CLAccuracyAuthorization {
        CLAccuracyAuthorization(rawValue: standIn { $0.backing.accuracyAuthorization.rawValue }) ?? .reducedAccuracy
    }

    /// The desired accuracy, in metres or one of the `kCLLocationAccuracy…` constants.
    open var desiredAccuracy: CLLocationAccuracy {
        get { standIn { $0.desiredAccuracy } }
        set { standIn { $0.desiredAccuracy = newValue } }
    }
    /// What the app uses location for (iOS 6, macOS 10.15, watchOS 4, visionOS 1; not tvOS).
    #if WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.activityType is not available on tvOS")
    #endif
    @available(tvOS, unavailable)
    open var activityType: CLActivityType {
        get { standIn { $0.activityType } }
        set { standIn { $0.activityType = newValue } }
    }
    /// The minimum horizontal movement in metres before an update is delivered.
    open var distanceFilter: CLLocationDistance {
        get { standIn { $0.distanceFilter } }
        set { standIn { $0.distanceFilter = newValue } }
    }
    // Apple's documentation page for the property lists iOS 6, iPadOS 6, Mac Catalyst 13.1, macOS 10.15 and
    // visionOS 1: not watchOS (nor tvOS).
    /// Whether updates may pause automatically (iOS 6, macOS 10.15, visionOS 1).
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(
        *,
        unavailable,
        message: "CLLocationManager.pausesLocationUpdatesAutomatically is not available on watchOS"
    )
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.pausesLocationUpdatesAutomatically is not available on tvOS")
    #endif
    @available(watchOS, unavailable) @available(tvOS, unavailable)
    open var pausesLocationUpdatesAutomatically: Bool {
        get { standIn { $0.pausesLocationUpdatesAutomatically } }
        set { standIn { $0.pausesLocationUpdatesAutomatically = newValue } }
    }
    /// Whether updates continue in the background (iOS 9, macOS 10.15, watchOS 4); `true` without `location` in
    /// `UIBackgroundModes` raises an exception.
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(
        *,
        unavailable,
        message: "CLLocationManager.allowsBackgroundLocationUpdates is not available on visionOS"
    )
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.allowsBackgroundLocationUpdates is not available on tvOS")
    #endif
    @available(visionOS, unavailable) @available(tvOS, unavailable)
    open var allowsBackgroundLocationUpdates: Bool {
        get { standIn { $0.backing.allowsBackgroundLocationUpdates } }
        set { standIn { $0.setAllowsBackgroundLocationUpdates(newValue) } }
    }
    /// Whether the background location indicator shows (iOS 11; not macOS, watchOS or tvOS).
    #if WHEREABOUTS_STANDIN_MACOS
    @available(*, unavailable, message: "CLLocationManager.showsBackgroundLocationIndicator is not available on macOS")
    #elseif WHEREABOUTS_STANDIN_WATCHOS
    @available(
        *,
        unavailable,
        message: "CLLocationManager.showsBackgroundLocationIndicator is not available on watchOS"
    )
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.showsBackgroundLocationIndicator is not available on tvOS")
    #endif
    @available(macOS, unavailable) @available(watchOS, unavailable) @available(tvOS, unavailable)
    open var showsBackgroundLocationIndicator: Bool {
        get { standIn { $0.showsBackgroundLocationIndicator } }
        set { standIn { $0.showsBackgroundLocationIndicator = newValue } }
    }
    /// Degrees a heading must change before the next is delivered; `kCLHeadingFilterNone` for every change
    /// (iOS 3, macOS 10.15, watchOS 2; not tvOS).
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "CLLocationManager.headingFilter is not available on visionOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.headingFilter is not available on tvOS")
    #endif
    @available(visionOS, unavailable) @available(tvOS, unavailable)
    open var headingFilter: CLLocationDegrees {
        get { standIn { $0.headingFilter } }
        set { standIn { $0.headingFilter = newValue } }
    }
    /// The orientation headings are measured from (iOS 4, macOS 10.15, watchOS 2; not tvOS).
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "CLLocationManager.headingOrientation is not available on visionOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.headingOrientation is not available on tvOS")
    #endif
    @available(visionOS, unavailable) @available(tvOS, unavailable)
    open var headingOrientation: CLDeviceOrientation {
        get { standIn { $0.headingOrientation } }
        set { standIn { $0.headingOrientation = newValue } }
    }
    /// The most recent location.
    open var location: CLLocation? { standIn { $0.backing.location }.map(CLLocation.init(standIn:)) }
    /// The most recent heading (iOS 4, macOS 10.15, watchOS 2).
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "CLLocationManager.heading is not available on visionOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.heading is not available on tvOS")
    #endif
    @available(visionOS, unavailable) @available(tvOS, unavailable)
    open var heading: CLHeading? { standIn { $0.backing.heading }.map(CLHeading.init(standIn:)) }
    /// The regions this app monitors (iOS 4, macOS 10.8).
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "CLLocationManager.monitoredRegions is not available on watchOS")
    #elseif WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "CLLocationManager.monitoredRegions is not available on visionOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.monitoredRegions is not available on tvOS")
    #endif
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    open var monitoredRegions: Set<CLRegion> {
        Set(standIn { $0.monitoredRegions }.map { CLCircularRegion(standIn: $0) as CLRegion })
    }
    /// The largest region radius the device supports.
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "CLLocationManager.maximumRegionMonitoringDistance is not available on watchOS")
    #elseif WHEREABOUTS_STANDIN_VISIONOS
    @available(
        *,
        unavailable,
        message: "CLLocationManager.maximumRegionMonitoringDistance is not available on visionOS"
    )
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.maximumRegionMonitoringDistance is not available on tvOS")
    #endif
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    open var maximumRegionMonitoringDistance: CLLocationDistance {
        standIn { $0.backing.maximumRegionMonitoringDistance }
    }

    /// Shows the When In Use prompt if the status is `.notDetermined`, the app is in use and the key is declared;
    /// otherwise does nothing, and sends no callback.
    @available(iOS 8, macOS 10.15, *)
    open func requestWhenInUseAuthorization() { standIn { $0.backing.requestWhenInUseAuthorization() } }
    /// Asks for Always (both keys needed); the upgrade from When In Use is shown once per install.
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "CLLocationManager.requestAlwaysAuthorization() is not available on visionOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.requestAlwaysAuthorization() is not available on tvOS")
    #endif
    @available(visionOS, unavailable) @available(tvOS, unavailable)
    @available(iOS 8, macOS 10.15, *)
    open func requestAlwaysAuthorization() { standIn { $0.backing.requestAlwaysAuthorization() } }
    /// Asks for temporary full accuracy; the completion runs on the manager's run loop.
    @available(iOS 14, macOS 11, watchOS 7, tvOS 14, *)
    open func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String,
        completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        standIn {
            $0.backing.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) { error in
                completion?(error.map(NSError.init(standIn:)))
            }
        }
    }
    /// Asks for one location: one `didUpdateLocations` or one `didFailWithError`. `startUpdatingLocation()` and
    /// `stopUpdatingLocation()` cancel an outstanding request, and nothing is delivered for it then.
    @available(iOS 9, macOS 10.14, *)
    open func requestLocation() { standIn { $0.backing.requestLocation() } }
    /// Starts live updates (not tvOS).
    #if WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.startUpdatingLocation() is not available on tvOS")
    #endif
    @available(tvOS, unavailable)
    open func startUpdatingLocation() { standIn { $0.backing.startUpdatingLocation() } }
    /// Stops live updates.
    open func stopUpdatingLocation() { standIn { $0.backing.stopUpdatingLocation() } }
    /// Starts heading updates (iOS 3, macOS 10.15, watchOS 2).
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "CLLocationManager.startUpdatingHeading() is not available on visionOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.startUpdatingHeading() is not available on tvOS")
    #endif
    @available(visionOS, unavailable) @available(tvOS, unavailable)
    open func startUpdatingHeading() { standIn { $0.backing.startUpdatingHeading() } }
    /// Stops heading updates (iOS 3, watchOS 2; `API_UNAVAILABLE(tvos, macos)`).
    #if WHEREABOUTS_STANDIN_MACOS
    @available(*, unavailable, message: "CLLocationManager.stopUpdatingHeading() is not available on macOS")
    #elseif WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "CLLocationManager.stopUpdatingHeading() is not available on visionOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.stopUpdatingHeading() is not available on tvOS")
    #endif
    @available(macOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    open func stopUpdatingHeading() { standIn { $0.backing.stopUpdatingHeading() } }
    /// Dismisses the heading calibration display.
    #if WHEREABOUTS_STANDIN_VISIONOS
    @available(
        *,
        unavailable,
        message: "CLLocationManager.dismissHeadingCalibrationDisplay() is not available on visionOS"
    )
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.dismissHeadingCalibrationDisplay() is not available on tvOS")
    #endif
    @available(visionOS, unavailable) @available(tvOS, unavailable)
    open func dismissHeadingCalibrationDisplay() {
        standIn {
            StandInDevice.current?.headingCalibrationShown = false
            $0.backing.dismissHeadingCalibrationDisplay()
        }
    }

    /// Starts significant-change monitoring (iOS 4, macOS 10.7).
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(
        *,
        unavailable,
        message: "CLLocationManager.startMonitoringSignificantLocationChanges() is not available on watchOS"
    )
    #elseif WHEREABOUTS_STANDIN_VISIONOS
    @available(
        *,
        unavailable,
        message: "CLLocationManager.startMonitoringSignificantLocationChanges() is not available on visionOS"
    )
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(
        *,
        unavailable,
        message: "CLLocationManager.startMonitoringSignificantLocationChanges() is not available on tvOS"
    )
    #endif
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    open func startMonitoringSignificantLocationChanges() {
        standIn { $0.backing.startMonitoringSignificantLocationChanges() }
    }
    /// Stops significant-change monitoring.
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(
        *,
        unavailable,
        message: "CLLocationManager.stopMonitoringSignificantLocationChanges() is not available on watchOS"
    )
    #elseif WHEREABOUTS_STANDIN_VISIONOS
    @available(
        *,
        unavailable,
        message: "CLLocationManager.stopMonitoringSignificantLocationChanges() is not available on visionOS"
    )
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(
        *,
        unavailable,
        message: "CLLocationManager.stopMonitoringSignificantLocationChanges() is not available on tvOS"
    )
    #endif
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    open func stopMonitoringSignificantLocationChanges() {
        standIn { $0.backing.stopMonitoringSignificantLocationChanges() }
    }
    /// Starts monitoring a region (iOS 5, macOS 10.8); at most 20 at once.
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "CLLocationManager.startMonitoring(for:) is not available on watchOS")
    #elseif WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "CLLocationManager.startMonitoring(for:) is not available on visionOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.startMonitoring(for:) is not available on tvOS")
    #endif
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    open func startMonitoring(for region: CLRegion) {
        guard let circle = region as? CLCircularRegion else { return }
        let described = circle.standInRegion
        standIn { $0.monitor(described, true) }
    }
    /// Stops monitoring a region.
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "CLLocationManager.stopMonitoring(for:) is not available on watchOS")
    #elseif WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "CLLocationManager.stopMonitoring(for:) is not available on visionOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.stopMonitoring(for:) is not available on tvOS")
    #endif
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    open func stopMonitoring(for region: CLRegion) {
        guard let circle = region as? CLCircularRegion else { return }
        let described = circle.standInRegion
        standIn { $0.monitor(described, false) }
    }
    /// Starts visit monitoring (iOS 8, macOS 10.15).
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "CLLocationManager.startMonitoringVisits() is not available on watchOS")
    #elseif WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "CLLocationManager.startMonitoringVisits() is not available on visionOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.startMonitoringVisits() is not available on tvOS")
    #endif
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    open func startMonitoringVisits() { standIn { $0.backing.startMonitoringVisits() } }
    /// Stops visit monitoring.
    #if WHEREABOUTS_STANDIN_WATCHOS
    @available(*, unavailable, message: "CLLocationManager.stopMonitoringVisits() is not available on watchOS")
    #elseif WHEREABOUTS_STANDIN_VISIONOS
    @available(*, unavailable, message: "CLLocationManager.stopMonitoringVisits() is not available on visionOS")
    #elseif WHEREABOUTS_STANDIN_TVOS
    @available(*, unavailable, message: "CLLocationManager.stopMonitoringVisits() is not available on tvOS")
    #endif
    @available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
    open func stopMonitoringVisits() { standIn { $0.backing.stopMonitoringVisits() } }

    // The runnable model (not Apple's): see StandInDevice.swift.

    /// What this manager does.
    let standInModel: StandInManager

    /// Runs `body` on the model; Core Location's managers are used from the thread that made them, the main one.
    func standIn<Value: Sendable>(_ body: @MainActor (StandInManager) -> Value) -> Value {
        let model = standInModel
        return MainActor.assumeIsolated { body(model) }
    }
}
