/// A change in the app's life, as a scenario's `app` step names it.
public enum LifecycleEvent: String, Hashable, Sendable, Codable, CaseIterable {
    /// The app starts, in the foreground.
    case launch
    /// The app comes to the foreground.
    case foreground
    /// The app goes to the background.
    case background
    /// The app ends.
    case terminate
}
