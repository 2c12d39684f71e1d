import Foundation

/// Rule 11: the location manager's settings change what the app receives only where iOS documents that they do —
/// `desiredAccuracy` `.reduced` makes fixes approximate, the distance and heading filters hold back fixes and
/// headings too close to the last delivered, pausing stops updates while the device stands still, and
/// significant-change monitoring delivers only moves of 500 m, five minutes apart; the other settings are hints,
/// recorded and reported.
extension LocationPolicy {
    /// How far, in metres, a fix must be from the last one significant-change monitoring delivered.
    package static let significantChangeDistance = 500.0
    /// How long, in seconds by fix time, after the last fix significant-change monitoring delivered.
    package static let significantChangeInterval = 300.0
    /// The most regions one app may monitor at once.
    package static let maximumMonitoredRegions = 20

    /// Changes the manager's settings: all of the change, or — when it allows background updates without the
    /// `location` background mode — none of it.
    ///
    /// - Parameter change: The settings to change.
    /// - Throws: ``LocationError/backgroundModeMissing``.
    package mutating func set(_ change: LocationProperties.Change) throws(LocationError) {
        if let allowed = change.allowsBackgroundLocationUpdates { try setAllowsBackgroundUpdates(allowed) }
        properties.apply(change)
        properties.allowsBackgroundLocationUpdates = allowsBackgroundUpdates
    }

    /// Whether the fixes the app receives are precise: full accuracy, and a `desiredAccuracy` other than
    /// `.reduced`.
    package var deliversPreciseFixes: Bool { isPrecise && properties.desiredAccuracy != .reduced }

    /// Whether the distance filter lets a fix through: the first always, then one at least `distanceFilter`
    /// metres (great-circle) from the last delivered.
    ///
    /// - Parameters:
    ///   - raw: The new fix.
    ///   - last: The last fix the standard service delivered, if any.
    /// - Returns: Whether to deliver it.
    package func passesDistanceFilter(_ raw: Location, since last: Location?) -> Bool {
        Self.passesDistanceFilter(raw, since: last, filter: properties.distanceFilter)
    }

    /// Whether a distance filter lets a fix through: the first always, then one at least `filter` metres
    /// (great-circle) from the last delivered.
    ///
    /// - Parameters:
    ///   - raw: The new fix.
    ///   - last: The last fix the standard service delivered, if any.
    ///   - filter: The distance filter in metres; `nil` or not above zero lets every fix through.
    /// - Returns: Whether to deliver it.
    package static func passesDistanceFilter(_ raw: Location, since last: Location?, filter: Double?) -> Bool {
        guard let filter, filter > 0, let last else { return true }
        return last.coordinate.distance(to: raw.coordinate) >= filter
    }

    /// Whether the heading filter lets a heading through: the first always, then one whose direction changed
    /// by at least `headingFilter` degrees (the shorter way round) from the last delivered.
    ///
    /// - Parameters:
    ///   - heading: The new heading.
    ///   - last: The last heading delivered, if any.
    /// - Returns: Whether to deliver it.
    package func passesHeadingFilter(_ heading: Heading, since last: Heading?) -> Bool {
        Self.passesHeadingFilter(heading, since: last, filter: properties.headingFilter)
    }

    /// Whether a heading filter lets a heading through: the first always, then one whose direction changed by at
    /// least `filter` degrees (the shorter way round) from the last delivered.
    ///
    /// - Parameters:
    ///   - heading: The new heading.
    ///   - last: The last heading this manager received, if any.
    ///   - filter: The heading filter in degrees; `nil` or not above zero lets every heading through.
    /// - Returns: Whether to deliver it.
    package static func passesHeadingFilter(_ heading: Heading, since last: Heading?, filter: Double?) -> Bool {
        guard let filter, filter > 0, let last else { return true }
        let new = heading.trueHeading ?? heading.magneticHeading
        let old = last.trueHeading ?? last.magneticHeading
        let turn = abs((new - old).truncatingRemainder(dividingBy: 360))
        return min(turn, 360 - turn) >= filter
    }

    /// Whether significant-change monitoring delivers a fix: the first, then one at least 500 m from the last it
    /// delivered and at least five minutes after it by fix time.
    ///
    /// - Parameters:
    ///   - raw: The new fix.
    ///   - last: The last fix significant-change monitoring delivered, if any.
    /// - Returns: Whether it is a significant change.
    package static func isSignificantChange(_ raw: Location, since last: Location?) -> Bool {
        guard let last else { return true }
        return last.coordinate.distance(to: raw.coordinate) >= significantChangeDistance
            && raw.timestamp.timeIntervalSince(last.timestamp) >= significantChangeInterval
    }

    /// Whether significant-change fixes reach the app now: in the foreground when authorized, and in the
    /// background only with (confirmed) Always.
    package var mayDeliverSignificantChanges: Bool { mayDeliverMonitoringEvents }

    /// Why a region cannot be monitored, or `nil` when it can: rule 6 first (authorized, full accuracy), then
    /// the limits — at most 20 regions per app, and no radius beyond the device's largest.
    ///
    /// - Parameters:
    ///   - region: The region to monitor.
    ///   - monitored: The identifiers of the regions monitored now.
    ///   - maximumDistance: The largest radius the device monitors, in metres.
    /// - Returns: The error to throw, or `nil`.
    package func regionMonitoringError(
        for region: Region,
        monitored: Set<String>,
        maximumDistance: Double
    ) -> LocationError? {
        if let error = regionMonitoringError { return error }
        if region.radius > maximumDistance {
            return .regionMonitoringFailure(
                "region \"\(region.identifier)\" has a radius of \(LocationProperties.format(region.radius)) m, "
                    + "larger than maximumRegionMonitoringDistance (\(LocationProperties.format(maximumDistance)) m); "
                    + "use a smaller radius"
            )
        }
        if !monitored.contains(region.identifier), monitored.count >= Self.maximumMonitoredRegions {
            return .regionMonitoringFailure(
                "the app already monitors \(Self.maximumMonitoredRegions) regions, the most an app may monitor at "
                    + "once; stop monitoring one (stopMonitoring) before adding \"\(region.identifier)\""
            )
        }
        return nil
    }
}
