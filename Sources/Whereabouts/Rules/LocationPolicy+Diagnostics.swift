/// Rule 10: the diagnostics iOS 18's `CLServiceSession` and `CLLocationUpdate` report come with the stream, and
/// hold exactly while their cause does.
extension LocationPolicy {
    /// The diagnostics that hold now.
    ///
    /// - Parameters:
    ///   - locationUnavailable: Whether the source has no fix for now.
    ///   - stationary: Whether the device stands still.
    /// - Returns: The diagnostics a live update delivered now carries.
    package func diagnostics(locationUnavailable: Bool, stationary: Bool) -> Set<Diagnostic> {
        var circumstances = Diagnostic.Circumstances()
        circumstances.requestInProgress = prompt != nil
        circumstances.inUse = isInUse
        circumstances.fullAccuracyDeclined = fullAccuracyDeclined
        circumstances.alwaysDeclined = alwaysDeclined
        circumstances.locationUnavailable = locationUnavailable
        circumstances.stationary = stationary
        circumstances.serviceSessionRequired =
            declarations.requiresExplicitServiceSession && !holdsAuthorizingSession
            && authorization.status == .notDetermined
        return Diagnostic.holding(for: authorization, circumstances).union(explicitSessionDiagnostics())
    }

    /// Clears what a new authorization answers: real Always ends "Always was declined", and full accuracy ends
    /// "full accuracy was declined". Call it when the authorization the app reads changed.
    package mutating func authorizationDidChange() {
        let now = authorization
        if now.status == .authorizedAlways && !grant.provisionalAlways { alwaysDeclined = false }
        if now.accuracy == .fullAccuracy { fullAccuracyDeclined = false }
    }
}

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
        /// The app requires an explicit service session, holds none that asks for authorization, and nothing
        /// has decided the status.
        package var serviceSessionRequired = false

        /// Creates circumstances in which nothing unusual holds.
        package init() {}
    }

    /// The diagnostics that hold, from the authorization and what else is known.
    ///
    /// The engine and the client logic get the circumstances from their ``LocationPolicy``: the engine's holds what
    /// the simulated OS holds, the client logic's what Core Location told it.
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
        if circumstances.serviceSessionRequired { result.insert(.serviceSessionRequired) }
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
