/// Which permission screen to show for the app's authorization: the explanation before the system prompt, one of
/// the three screens of a location that is off, or none.
///
/// ``LocationPermissionModel/screen`` decides it, so that a view only draws the screen it is given:
///
/// ```swift
/// switch model.screen {
/// case .explanation: explainThenAsk()          // why, "Continue" (asks), "Not Now"
/// case .denied: showWhatIsLost()               // and a button to the app's page in Settings
/// case .servicesOff: sayWhereToTurnThemOn()     // Settings › Privacy & Security › Location Services
/// case .restricted: sayNothingHelps()           // no button: the person cannot change it
/// case .hidden: break                           // authorized, or the system prompt is up
/// }
/// ```
///
/// App Review's rules for these screens hold by construction: Settings is never offered before the system prompt
/// (only ``denied`` has ``showsSettingsButton``), and nothing is shown while the system prompt is over the app.
public enum PermissionScreen: Hashable, Sendable, CaseIterable {
    /// No permission screen: the app is authorized, the system prompt is over the app, or nothing is known yet.
    case hidden
    /// The explanation before the system prompt: why the app wants location, a button that asks, one that declines.
    case explanation
    /// The person denied the app: what the app cannot do without location, and a button to its page in Settings.
    case denied
    /// Location Services are off for the whole device: where to turn them on (the app's page cannot).
    case servicesOff
    /// Location is restricted (parental controls, a device management profile): no button helps.
    case restricted

    /// Decides the screen for an authorization.
    ///
    /// - Parameters:
    ///   - authorization: The app's authorization, or `nil` when it is not known yet.
    ///   - isAwaitingAnswer: Whether the system prompt is over the app (a request waits for the person's answer).
    public init(authorization: Authorization?, isAwaitingAnswer: Bool) {
        guard let authorization else {
            self = .hidden
            return
        }
        switch authorization.status {
        case .notDetermined: self = isAwaitingAnswer ? .hidden : .explanation
        case .restricted: self = .restricted
        case .denied: self = authorization.servicesEnabled ? .denied : .servicesOff
        case .authorizedAlways, .authorizedWhenInUse: self = .hidden
        }
    }

    /// Whether the screen has a button to the app's page in Settings: only after the person denied the app.
    ///
    /// Not before the system prompt (App Review rejects that), not when Location Services are off (the app's page
    /// cannot turn them on), and not when restricted (nothing the person can change).
    public var showsSettingsButton: Bool { self == .denied }
}
