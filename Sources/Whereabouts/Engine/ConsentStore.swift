/// What the person decided for one app, as the Settings app keeps it.
///
/// Session grants (Allow Once, temporary full accuracy) are not part of it: they end with the
/// app's use and live in the engine.
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

/// Where grants are kept, keyed by app identifier, like the Settings app's store.
///
/// ``InMemoryConsentStore`` keeps them for one process; a file-backed store keeps them across runs.
public protocol ConsentStore: Sendable {
    /// The grant kept for an app, or `nil` when there is none (the app was never decided on).
    ///
    /// A store that cannot read its data must return `nil` (never an invented grant) and say why
    /// in its own way.
    ///
    /// - Parameter appID: The app's identifier, e.g. `"com.example.demo"`.
    /// - Returns: The kept grant, or `nil`.
    func grant(for appID: String) async -> Grant?

    /// Keeps a grant for an app; `nil` removes it.
    ///
    /// - Parameters:
    ///   - grant: The grant to keep, or `nil` to forget the app.
    ///   - appID: The app's identifier.
    /// - Throws: When the grant cannot be kept.
    func setGrant(_ grant: Grant?, for appID: String) async throws
}

/// A ``ConsentStore`` that keeps grants in memory, for tests and one-off runs.
public actor InMemoryConsentStore: ConsentStore {
    private var grants: [String: Grant]

    /// Creates a store holding the given grants.
    ///
    /// - Parameter grants: App identifier → grant.
    public init(_ grants: [String: Grant] = [:]) {
        self.grants = grants
    }

    /// The grant kept for an app.
    ///
    /// - Parameter appID: The app's identifier.
    /// - Returns: The grant, or `nil`.
    public func grant(for appID: String) -> Grant? {
        grants[appID]
    }

    /// Keeps or removes a grant.
    ///
    /// - Parameters:
    ///   - grant: The grant, or `nil` to remove.
    ///   - appID: The app's identifier.
    public func setGrant(_ grant: Grant?, for appID: String) {
        grants[appID] = grant
    }

    /// Every kept grant, by app identifier.
    public var all: [String: Grant] { grants }
}
