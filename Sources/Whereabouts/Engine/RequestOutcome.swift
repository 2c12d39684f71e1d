/// Why a request showed no prompt (DESIGN rule 0: it still completes, and says why).
public enum IgnoredReason: String, Hashable, Sendable, Codable, CaseIterable {
    /// Location Services are off for the device.
    case servicesDisabled
    /// Parental controls or device management forbid location.
    case restricted
    /// A prompt can only be shown while the app is in the foreground.
    case notInForeground
    /// Another prompt is on screen.
    case requestInProgress
    /// The upgrade to Always can be asked once per install, and was.
    case alwaysAlreadyRequested
    /// The grant is Allow Once, which cannot be upgraded to Always.
    case temporaryAuthorization
}

/// How a request ended.
public enum RequestResolution: Hashable, Sendable, CustomStringConvertible {
    /// A prompt was shown and the person answered.
    case answered(PromptAnswer)
    /// Nothing needed asking: the status (or accuracy) was already decided.
    case alreadyDetermined
    /// Nothing was shown, for the given reason.
    case ignored(IgnoredReason)

    /// `"answered allowOnce (precise on)"`, `"already determined"`, `"ignored: notInForeground"`.
    public var description: String {
        switch self {
        case .answered(let answer): "answered \(answer)"
        case .alreadyDetermined: "already determined"
        case .ignored(let reason): "ignored: \(reason.rawValue)"
        }
    }
}

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

/// What a temporary full accuracy request returned. A decline is not an error: the
/// accuracy is simply `.reducedAccuracy` (DESIGN rule 5).
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
