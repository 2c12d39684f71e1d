/// What the person answered to a ``PermissionPrompt``.
public enum PromptAnswer: Hashable, Sendable, CustomStringConvertible {
    /// When-in-use prompt: Allow Once, with the Precise switch's position.
    case allowOnce(precise: Bool)
    /// When-in-use prompt: Allow While Using App, with the Precise switch's position.
    case allowWhileUsing(precise: Bool)
    /// When-in-use prompt: Don't Allow.
    case dontAllow
    /// Always upgrade prompt: Change to Always Allow.
    case changeToAlways
    /// Always upgrade prompt: Keep Only While Using.
    case keepWhileUsing
    /// Temporary full accuracy prompt: Allow Once.
    case allowPrecise
    /// Temporary full accuracy prompt: Don't Allow.
    case dontAllowPrecise
    /// Location Button prompt: Allow (this tap, and every later one without asking, grants When In Use for that use
    /// of the app).
    case allowLocationButton
    /// Location Button prompt: Don't Allow (nothing is granted; the next tap asks again).
    case dontAllowLocationButton

    /// The prompt this answer belongs to.
    public var kind: PermissionPrompt.Kind {
        switch self {
        case .allowOnce, .allowWhileUsing, .dontAllow: .whenInUse
        case .changeToAlways, .keepWhileUsing: .alwaysUpgrade
        case .allowPrecise, .dontAllowPrecise: .temporaryFullAccuracy
        case .allowLocationButton, .dontAllowLocationButton: .locationButton
        }
    }

    /// The declining answer of a prompt: what the engine applies when an answer does not fit.
    ///
    /// - Parameter kind: The prompt.
    /// - Returns: Don't Allow, Keep Only While Using, Don't Allow (precise), or Don't Allow (Location Button).
    public static func decline(_ kind: PermissionPrompt.Kind) -> PromptAnswer {
        switch kind {
        case .whenInUse: .dontAllow
        case .alwaysUpgrade: .keepWhileUsing
        case .temporaryFullAccuracy: .dontAllowPrecise
        case .locationButton: .dontAllowLocationButton
        }
    }

    /// The scenario name of the answer, e.g. `"allowWhileUsing"`, with the switch when it has one.
    public var description: String {
        switch self {
        case .allowOnce(let precise): "allowOnce (precise \(precise ? "on" : "off"))"
        case .allowWhileUsing(let precise): "allowWhileUsing (precise \(precise ? "on" : "off"))"
        case .dontAllow: "dontAllow"
        case .changeToAlways: "changeToAlways"
        case .keepWhileUsing: "keepWhileUsing"
        case .allowPrecise: "allowPrecise"
        case .dontAllowPrecise: "dontAllowPrecise"
        case .allowLocationButton: "allowLocationButton"
        case .dontAllowLocationButton: "dontAllowLocationButton"
        }
    }
}
