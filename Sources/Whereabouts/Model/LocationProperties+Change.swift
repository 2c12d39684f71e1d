extension LocationProperties {
    /// Some of the manager's settings to change; `nil` leaves a setting as it is.
    ///
    /// The value ``LocationClient/set`` takes, as composable-core-location's `LocationManager.Properties`.
    public struct Change: Hashable, Sendable {
        /// A distance filter: metres, or none (every fix).
        public enum Distance: Hashable, Sendable {
            /// `kCLDistanceFilterNone`: every fix. (Not `none`, which an optional would read as `nil`.)
            case noFilter
            /// At least this many metres between delivered fixes.
            case meters(Double)

            /// The value as ``LocationProperties/distanceFilter`` keeps it.
            var metres: Double? {
                if case .meters(let value) = self { return value }
                return nil
            }
        }

        /// A heading filter: degrees, or none (every heading).
        public enum Angle: Hashable, Sendable {
            /// `kCLHeadingFilterNone`: every heading. (Not `none`, which an optional would read as `nil`.)
            case noFilter
            /// At least this many degrees between delivered headings.
            case degrees(Double)

            /// The value as ``LocationProperties/headingFilter`` keeps it.
            var degrees: Double? {
                if case .degrees(let value) = self { return value }
                return nil
            }
        }

        /// `activityType`.
        public var activityType: ActivityType?
        /// `allowsBackgroundLocationUpdates`.
        public var allowsBackgroundLocationUpdates: Bool?
        /// `desiredAccuracy`.
        public var desiredAccuracy: LocationAccuracy?
        /// `distanceFilter`.
        public var distanceFilter: Distance?
        /// `headingFilter`.
        public var headingFilter: Angle?
        /// `headingOrientation`.
        public var headingOrientation: DeviceOrientation?
        /// `pausesLocationUpdatesAutomatically`.
        public var pausesLocationUpdatesAutomatically: Bool?
        /// `showsBackgroundLocationIndicator`.
        public var showsBackgroundLocationIndicator: Bool?
        /// Whether Core Location may show the heading calibration display (the delegate's
        /// `locationManagerShouldDisplayHeadingCalibration(_:)`).
        public var displaysHeadingCalibration: Bool?

        /// Creates a change; `nil` leaves a setting as it is.
        ///
        /// - Parameters:
        ///   - activityType: What the app uses location for.
        ///   - allowsBackgroundLocationUpdates: Whether updates continue in the background.
        ///   - desiredAccuracy: How accurate the app would like its fixes.
        ///   - distanceFilter: Metres between delivered fixes, or `.noFilter`.
        ///   - headingFilter: Degrees between delivered headings, or `.noFilter`.
        ///   - headingOrientation: The orientation headings are measured from.
        ///   - pausesLocationUpdatesAutomatically: Whether updates pause while the device stands still.
        ///   - showsBackgroundLocationIndicator: Whether the background indicator shows.
        ///   - displaysHeadingCalibration: Whether Core Location may show the heading calibration display.
        public init(
            activityType: ActivityType? = nil,
            allowsBackgroundLocationUpdates: Bool? = nil,
            desiredAccuracy: LocationAccuracy? = nil,
            distanceFilter: Distance? = nil,
            headingFilter: Angle? = nil,
            headingOrientation: DeviceOrientation? = nil,
            pausesLocationUpdatesAutomatically: Bool? = nil,
            showsBackgroundLocationIndicator: Bool? = nil,
            displaysHeadingCalibration: Bool? = nil
        ) {
            self.activityType = activityType
            self.allowsBackgroundLocationUpdates = allowsBackgroundLocationUpdates
            self.desiredAccuracy = desiredAccuracy
            self.distanceFilter = distanceFilter
            self.headingFilter = headingFilter
            self.headingOrientation = headingOrientation
            self.pausesLocationUpdatesAutomatically = pausesLocationUpdatesAutomatically
            self.showsBackgroundLocationIndicator = showsBackgroundLocationIndicator
            self.displaysHeadingCalibration = displaysHeadingCalibration
        }

        /// Whether the change sets nothing.
        public var isEmpty: Bool { self == Change() }
    }
}
