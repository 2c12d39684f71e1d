import Foundation

extension ConsentDocument {
    /// The device-wide settings kept under `"device"`: `{"servicesEnabled": true, "restricted": false}`.
    ///
    /// Missing or unreadable values read as the defaults (services on, not restricted).
    var device: DeviceSettings {
        get {
            let raw = root["device"] as? [String: Any] ?? [:]
            func flag(_ key: String, default value: Bool) -> Bool {
                guard let found = raw[key], isSerializedBoolean(found), let flag = found as? Bool else { return value }
                return flag
            }
            return DeviceSettings(
                servicesEnabled: flag("servicesEnabled", default: true),
                restricted: flag("restricted", default: false)
            )
        }
        set {
            var raw = root["device"] as? [String: Any] ?? [:]
            raw["servicesEnabled"] = newValue.servicesEnabled
            raw["restricted"] = newValue.restricted
            setRootValue(raw, forKey: "device")
        }
    }
}

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
