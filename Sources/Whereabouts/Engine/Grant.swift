/// What the person decided for one app, as the Settings app keeps it.
///
/// Session grants (Allow Once, temporary full accuracy) are not part of it: they end with the
/// app's use and live in the engine. The regions the app monitors are: iOS keeps them for the app across
/// launches, so the consent store keeps them with the grant.
public struct Grant: Hashable, Sendable, Codable {
    /// The person's decision.
    public enum Decision: String, Hashable, Sendable, Codable, CaseIterable {
        /// Not asked yet ("Ask Next Time").
        case notDetermined
        /// "Never".
        case denied
        /// "While Using the App".
        case whenInUse
        /// "Always".
        case always
    }

    /// The person's decision.
    public var decision: Decision
    /// The Precise Location switch; `nil` until the person set it (then the app's default holds).
    public var precise: Bool?
    /// Whether the one upgrade-to-Always prompt of this install was shown.
    public var alwaysPromptShown: Bool
    /// Whether `always` is provisional: granted by Allow While Using App on an Always request,
    /// to be confirmed the first time the app uses location in the background.
    public var provisionalAlways: Bool
    /// The regions the app monitors, which survive a relaunch; at most 20.
    public var monitoredRegions: [Region] = []
    /// Whether the person approved the app's Location Button at its first tap: later taps grant When In Use for
    /// that use of the app without asking (Core Location UI's `LocationButton`).
    public var locationButtonApproved = false
    /// The conditions of the app's condition monitors and their records, in the order they were added: iOS keeps
    /// them for the app across launches, as it keeps its regions.
    package var monitorConditions: [MonitoredCondition] = []

    /// Creates a grant.
    ///
    /// - Parameters:
    ///   - decision: The person's decision.
    ///   - precise: The Precise Location switch, or `nil` for the app's default.
    ///   - alwaysPromptShown: Whether the upgrade prompt was shown.
    ///   - provisionalAlways: Whether `always` is provisional.
    public init(
        decision: Decision = .notDetermined,
        precise: Bool? = nil,
        alwaysPromptShown: Bool = false,
        provisionalAlways: Bool = false
    ) {
        self.decision = decision
        self.precise = precise
        self.alwaysPromptShown = alwaysPromptShown
        self.provisionalAlways = provisionalAlways
    }
}
