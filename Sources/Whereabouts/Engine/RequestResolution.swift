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
