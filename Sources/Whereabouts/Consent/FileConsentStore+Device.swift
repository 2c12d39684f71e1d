import Foundation

extension FileConsentStore {
    /// The device-wide settings kept in the file: Location Services and restrictions.
    ///
    /// Like the Settings app's Privacy › Location Services switch, these hold for every app.
    /// A file without them reads as Location Services on and no restriction.
    ///
    /// - Returns: The device settings.
    public func deviceSettings() -> DeviceSettings {
        currentDocument().device
    }

    /// Keeps the device-wide settings, by rewriting the file atomically.
    ///
    /// - Parameter settings: Location Services and restrictions.
    /// - Throws: ``LocationError/consentStoreFailed(_:)`` when the file cannot be written.
    public func setDeviceSettings(_ settings: DeviceSettings) throws(LocationError) {
        try modify { $0.device = settings }
    }
}
