/// What a temporary full accuracy request returned. A decline is not an error: the
/// accuracy is simply `.reducedAccuracy` (rule 5).
public struct AccuracyOutcome: Hashable, Sendable, CustomStringConvertible {
    /// The accuracy after the request.
    public var accuracy: AccuracyAuthorization
    /// How the request ended.
    public var resolution: RequestResolution

    /// Creates an outcome.
    ///
    /// - Parameters:
    ///   - accuracy: The accuracy after the request.
    ///   - resolution: How it ended.
    public init(accuracy: AccuracyAuthorization, resolution: RequestResolution) {
        self.accuracy = accuracy
        self.resolution = resolution
    }

    /// `"full (answered allowPrecise)"`.
    public var description: String { "\(accuracy) (\(resolution))" }
}
