/// Rules 7 and 9: the person can change the app's grant, its Precise switch, Location Services and restrictions
/// at any time; the change holds at once (the engine then announces it and stops fixes a revoke forbids).
extension LocationPolicy {
    /// Applies what the person set in Settings. Values left `nil` are unchanged.
    ///
    /// - Parameters:
    ///   - status: The app's Location setting; `.restricted` sets the device restriction.
    ///   - precise: The app's Precise Location switch.
    ///   - servicesEnabled: Location Services for the whole device.
    ///   - restricted: Parental controls or device management.
    package mutating func changeSettings(
        status: AuthorizationStatus? = nil,
        precise: Bool? = nil,
        servicesEnabled: Bool? = nil,
        restricted: Bool? = nil
    ) {
        if let status {
            switch status {
            case .notDetermined: grant.decision = .notDetermined
            case .denied: grant.decision = .denied
            case .authorizedWhenInUse: grant.decision = .whenInUse
            case .authorizedAlways: grant.decision = .always
            case .restricted: device.restricted = true
            }
            if status != .restricted {
                grant.provisionalAlways = false
                allowOnce = false
            }
            if !status.isAuthorized { temporaryFullAccuracy = false }
        }
        if let precise {
            grant.precise = precise
            allowOncePrecise = precise
            if !precise { temporaryFullAccuracy = false }
        }
        if let servicesEnabled { device.servicesEnabled = servicesEnabled }
        if let restricted { device.restricted = restricted }
    }

    /// Takes a grant changed elsewhere (another process's Settings).
    ///
    /// - Parameter kept: The grant as the consent store keeps it now.
    /// - Returns: Whether it differs from the grant held.
    @discardableResult
    package mutating func reloadGrant(_ kept: Grant) -> Bool {
        guard kept != grant else { return false }
        grant = kept
        if kept.decision != .notDetermined { allowOnce = false }
        if let precise = kept.precise { allowOncePrecise = precise }
        if !(kept.precise ?? true) { temporaryFullAccuracy = false }
        return true
    }
}
