/// Where the app is in its life, as the engine tracks it.
public enum AppState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Not running (before launch, after terminate).
    case notRunning
    /// On screen: in use.
    case foreground
    /// Running off screen: in use only with a background session.
    case background
}
