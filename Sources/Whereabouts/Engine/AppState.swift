/// Where the app is in its life, as the engine tracks it.
public enum AppState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Not running (before launch, after terminate).
    case notRunning
    /// On screen: in use.
    case foreground
    /// Running off screen: in use only with a background session.
    case background
}

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

/// The device-wide location settings, outside any app's grant.
public struct DeviceSettings: Hashable, Sendable, Codable {
    /// Location Services (Settings › Privacy › Location Services). Off: every app reads `.denied`.
    public var servicesEnabled: Bool
    /// Parental controls or device management forbid location: apps read `.restricted`.
    public var restricted: Bool

    /// Creates device settings.
    ///
    /// - Parameters:
    ///   - servicesEnabled: Whether Location Services are on.
    ///   - restricted: Whether location is restricted.
    public init(servicesEnabled: Bool = true, restricted: Bool = false) {
        self.servicesEnabled = servicesEnabled
        self.restricted = restricted
    }
}
