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
