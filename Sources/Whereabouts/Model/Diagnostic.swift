/// Why a location update carries no location, or carries less than it could, as iOS 18's
/// `CLServiceSession.Diagnostic` and `CLLocationUpdate` report it (DESIGN rule 10).
///
/// Each ``LocationUpdate`` carries the set of diagnostics that hold when it is delivered.
public enum Diagnostic: String, Hashable, Sendable, Codable, CaseIterable {
    /// The person denied this app location.
    case authorizationDenied
    /// Location Services are off for the whole device.
    case authorizationDeniedGlobally
    /// Parental controls or device management forbid location.
    case authorizationRestricted
    /// A permission prompt is on screen, waiting for the person.
    case authorizationRequestInProgress
    /// The app is not in use enough for its grant: in the background with When In Use and no
    /// background session, so fixes are withheld.
    case insufficientlyInUse
    /// The person declined temporary full accuracy.
    case fullAccuracyDenied
    /// The app wanted Always and has only When In Use.
    case alwaysAuthorizationDenied
    /// Fixes are approximate (reduced accuracy).
    case accuracyLimited
    /// No fix has arrived for a while: the source has nothing to give.
    case locationUnavailable
    /// The device has not moved for a while.
    case stationary
}

/// One element of ``LocationClient/liveUpdates``: a location if there is one the app may
/// have, and the diagnostics that hold, as iOS 18's `CLLocationUpdate`.
public struct LocationUpdate: Hashable, Sendable {
    /// The location, or `nil` when none may be delivered (see `diagnostics`).
    public var location: Location?
    /// The diagnostics that hold at delivery.
    public var diagnostics: Set<Diagnostic>
    /// The authorization at delivery.
    public var authorization: Authorization

    /// Creates an update.
    ///
    /// - Parameters:
    ///   - location: The location, if any.
    ///   - diagnostics: The diagnostics that hold.
    ///   - authorization: The authorization at delivery.
    public init(location: Location?, diagnostics: Set<Diagnostic>, authorization: Authorization) {
        self.location = location
        self.diagnostics = diagnostics
        self.authorization = authorization
    }
}
