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
