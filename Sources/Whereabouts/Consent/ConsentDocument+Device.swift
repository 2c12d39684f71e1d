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
