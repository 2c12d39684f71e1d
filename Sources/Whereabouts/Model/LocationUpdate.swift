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
