/// Why a location update carries no location, or carries less than it could, as iOS 18's
/// `CLServiceSession.Diagnostic` and `CLLocationUpdate` report it (rule 10 of
/// <doc:TheRulesWhereaboutsFollows>).
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
    /// background session, so fixes are withheld; or, having opted into explicit sessions, in the background with
    /// Always and no Always ``ServiceSession``.
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
    /// The app declares `CLRequireExplicitServiceSession` (or `NSLocationRequireExplicitServiceSession`) and holds
    /// no ``ServiceSession`` that asks for authorization: nothing will ask the person while the status is not
    /// determined, and out of the foreground no fix or monitoring event reaches the app.
    case serviceSessionRequired
}
