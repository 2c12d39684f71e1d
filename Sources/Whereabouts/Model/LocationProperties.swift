/// The settings of the location manager an app sets, as `CLLocationManager`'s properties, with iOS's defaults.
///
/// Change them with ``LocationClient/set(activityType:allowsBackgroundLocationUpdates:desiredAccuracy:distanceFilter:headingFilter:headingOrientation:pausesLocationUpdatesAutomatically:showsBackgroundLocationIndicator:displaysHeadingCalibration:)``;
/// read them back with ``LocationClient/properties``. The engine honours each where it changes what the app
/// sees, and records the others (see the rules article, "The location manager's settings"):
///
/// - ``desiredAccuracy`` `.reduced` makes every fix approximate; other values are hints.
/// - ``distanceFilter``: after the first fix, a fix is delivered only when it is at least this many metres
///   (great-circle) from the last one delivered.
/// - ``headingFilter``: a heading is delivered only when it changed by at least this many degrees.
/// - ``pausesLocationUpdatesAutomatically``: updates pause when the device stands still, until the app starts
///   them again.
/// - ``allowsBackgroundLocationUpdates``: updates continue in the background (needs `location` in
///   `UIBackgroundModes`).
/// - ``activityType``, ``headingOrientation`` and ``showsBackgroundLocationIndicator`` are recorded and reported.
/// - ``displaysHeadingCalibration``: whether Core Location may put its compass calibration display over the app; the
///   simulated device's headings need no calibration, so there it is recorded and reported.
public struct LocationProperties: Hashable, Sendable {
    /// What the app uses location for; `.other` by default.
    public var activityType: ActivityType = .other
    /// Whether updates continue in the background; `false` by default.
    public var allowsBackgroundLocationUpdates = false
    /// How accurate the app would like its fixes; `.best` by default.
    public var desiredAccuracy: LocationAccuracy = .best
    /// Metres the device must move before the next fix is delivered; `nil` (`kCLDistanceFilterNone`, every
    /// fix) by default.
    public var distanceFilter: Double?
    /// Degrees a heading must change before the next one is delivered; 1 by default, `nil`
    /// (`kCLHeadingFilterNone`) for every heading.
    public var headingFilter: Double? = 1
    /// The orientation headings are measured from; `.portrait` by default.
    public var headingOrientation: DeviceOrientation = .portrait
    /// Whether updates pause while the device stands still; `true` by default, as on iOS.
    public var pausesLocationUpdatesAutomatically = true
    /// Whether the status bar shows that the app uses location in the background; `false` by default.
    public var showsBackgroundLocationIndicator = false
    /// Whether Core Location may show its heading calibration display when the compass needs calibrating; `false` by
    /// default, as for a `CLLocationManagerDelegate` without `locationManagerShouldDisplayHeadingCalibration(_:)`.
    ///
    /// While it is shown, ``LocationClient/dismissHeadingCalibrationDisplay`` takes it away. Where the platform has no
    /// heading it stays `false`.
    public var displaysHeadingCalibration = false

    /// iOS's defaults.
    public init() {}

    /// Applies the values a change sets; the others stay.
    ///
    /// - Parameter change: The change.
    public mutating func apply(_ change: Change) {
        if let value = change.activityType { activityType = value }
        if let value = change.allowsBackgroundLocationUpdates { allowsBackgroundLocationUpdates = value }
        if let value = change.desiredAccuracy { desiredAccuracy = value }
        if let value = change.distanceFilter { distanceFilter = value.metres }
        if let value = change.headingFilter { headingFilter = value.degrees }
        if let value = change.headingOrientation { headingOrientation = value }
        if let value = change.pausesLocationUpdatesAutomatically { pausesLocationUpdatesAutomatically = value }
        if let value = change.showsBackgroundLocationIndicator { showsBackgroundLocationIndicator = value }
        if let value = change.displaysHeadingCalibration { displaysHeadingCalibration = value }
    }

    /// The settings, one `name value` pair each, for reports: `desiredAccuracy reduced, distanceFilter 100 m, …`.
    public var summary: String {
        [
            "activityType \(activityType)",
            "allowsBackgroundLocationUpdates \(allowsBackgroundLocationUpdates)",
            "desiredAccuracy \(desiredAccuracy)",
            "distanceFilter \(distanceFilter.map { "\(Self.format($0)) m" } ?? "none")",
            "headingFilter \(headingFilter.map { "\(Self.format($0))°" } ?? "none")",
            "headingOrientation \(headingOrientation)",
            "pausesLocationUpdatesAutomatically \(pausesLocationUpdatesAutomatically)",
            "showsBackgroundLocationIndicator \(showsBackgroundLocationIndicator)",
            "displaysHeadingCalibration \(displaysHeadingCalibration)",
        ].joined(separator: ", ")
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
