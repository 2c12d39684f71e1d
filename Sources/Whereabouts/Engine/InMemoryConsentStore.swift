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
