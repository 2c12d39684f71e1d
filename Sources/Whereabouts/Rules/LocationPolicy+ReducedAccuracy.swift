/// Rule 6: with reduced accuracy every service runs at the reduced level (coarsened fixes, visits to the quarter
/// hour, no stillness), and region monitoring is unavailable — an error, not silence.
extension LocationPolicy {
    /// Why region monitoring cannot start now, or `nil` when it can: it needs an authorized status and full
    /// accuracy.
    package var regionMonitoringError: LocationError? {
        guard platform.rules.regionMonitoring else { return .regionMonitoringUnsupported }
        let now = authorization
        guard now.status.isAuthorized else {
            return .regionMonitoringUnavailable(
                "location is not authorized (status \(now.status)); request authorization before monitoring"
            )
        }
        guard now.accuracy == .fullAccuracy else {
            return .regionMonitoringUnavailable(
                "the person chose approximate location, and regions are not monitored with reduced accuracy; "
                    + "ask for temporary full accuracy with a purpose key, or offer the feature without regions"
            )
        }
        return nil
    }

    /// Whether region crossings reach the app now: full accuracy, and events allowed where the app is.
    package var mayDeliverRegionEvents: Bool { isPrecise && mayDeliverMonitoringEvents }
}

extension LocationError {
    /// The error that ends region monitoring when the authorization no longer allows it: not authorized, or
    /// Precise Location turned off.
    ///
    /// - Parameter authorization: The authorization now.
    /// - Returns: The error.
    package static func regionMonitoringEnded(by authorization: Authorization) -> LocationError {
        .regionMonitoringUnavailable(
            authorization.status.isAuthorized
                ? "the person turned precise location off, which stops region monitoring; monitor again "
                    + "when accuracy is full"
                : "location is no longer authorized (status \(authorization.status)); monitor again after "
                    + "authorization"
        )
    }
}
