extension Diagnostic {
    /// What decides the diagnostics besides the authorization; see ``Diagnostic/holding(for:_:)``.
    package struct Circumstances: Sendable {
        /// A permission prompt is on screen.
        package var requestInProgress = false
        /// The app may receive locations where it is now (foreground, or a background session or updates).
        package var inUse = true
        /// The last temporary full accuracy prompt was declined.
        package var fullAccuracyDeclined = false
        /// The last Always request left the app with When In Use.
        package var alwaysDeclined = false
        /// The source has no fix for now.
        package var locationUnavailable = false
        /// The device is not moving.
        package var stationary = false

        /// Creates circumstances in which nothing unusual holds.
        package init() {}
    }

    /// The diagnostics that hold (DESIGN rule 10): the one rule the engine and the Core Location adapter share.
    ///
    /// - Parameters:
    ///   - authorization: The authorization now.
    ///   - circumstances: What else is known.
    /// - Returns: The diagnostics.
    package static func holding(for authorization: Authorization, _ circumstances: Circumstances) -> Set<Diagnostic> {
        var result = Set<Diagnostic>()
        if !authorization.servicesEnabled {
            result.insert(.authorizationDeniedGlobally)
        } else if authorization.status == .restricted {
            result.insert(.authorizationRestricted)
        } else if authorization.status == .denied {
            result.insert(.authorizationDenied)
        }
        if circumstances.requestInProgress { result.insert(.authorizationRequestInProgress) }
        guard authorization.status.isAuthorized else { return result }
        if !circumstances.inUse && authorization.status == .authorizedWhenInUse { result.insert(.insufficientlyInUse) }
        if authorization.accuracy == .reducedAccuracy {
            result.insert(.accuracyLimited)
            if circumstances.fullAccuracyDeclined { result.insert(.fullAccuracyDenied) }
        }
        if circumstances.alwaysDeclined && authorization.status == .authorizedWhenInUse {
            result.insert(.alwaysAuthorizationDenied)
        }
        if circumstances.locationUnavailable { result.insert(.locationUnavailable) }
        // Under reduced accuracy the moment the person stops or starts moving is not the app's to know.
        if circumstances.stationary && authorization.accuracy == .fullAccuracy { result.insert(.stationary) }
        return result
    }
}

extension LocationError {
    /// The error that ends region monitoring when the authorization no longer allows it: not authorized, or
    /// Precise Location turned off (DESIGN rule 6).
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
