/// What an authorization request returned: the status after it, and how it ended.
public struct AuthorizationOutcome: Hashable, Sendable, CustomStringConvertible {
    /// The authorization status after the request.
    public var status: AuthorizationStatus
    /// The accuracy after the request.
    public var accuracy: AccuracyAuthorization
    /// How the request ended.
    public var resolution: RequestResolution

    /// Creates an outcome.
    ///
    /// - Parameters:
    ///   - status: The status after the request.
    ///   - accuracy: The accuracy after the request.
    ///   - resolution: How it ended.
    public init(status: AuthorizationStatus, accuracy: AccuracyAuthorization, resolution: RequestResolution) {
        self.status = status
        self.accuracy = accuracy
        self.resolution = resolution
    }

    /// `"authorizedWhenInUse (answered allowWhileUsing (precise off))"`.
    public var description: String { "\(status) (\(resolution))" }
}
