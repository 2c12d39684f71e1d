/// What the app reads (rules 2, 3, 5 and 7): restricted or Location Services off win over the grant, Allow Once
/// reads as When In Use, and accuracy is the Precise switch unless temporary full accuracy raised it.
extension LocationPolicy {
    /// The authorization the app reads now: status, accuracy, whether full accuracy is temporary, and whether
    /// Location Services are on.
    package var authorization: Authorization {
        let precise = effectivePrecise
        guard device.servicesEnabled else {
            return Authorization(
                status: .denied,
                accuracy: precise ? .fullAccuracy : .reducedAccuracy,
                servicesEnabled: false
            )
        }
        var status: AuthorizationStatus
        if device.restricted {
            status = .restricted
        } else {
            switch grant.decision {
            case .notDetermined: status = allowOnce ? .authorizedWhenInUse : .notDetermined
            case .denied: status = .denied
            case .whenInUse: status = .authorizedWhenInUse
            case .always: status = .authorizedAlways
            }
        }
        // A platform without When In Use (macOS) reports an allowed app as Always, whatever allowed it.
        if status == .authorizedWhenInUse && !platform.rules.whenInUseAuthorization { status = .authorizedAlways }
        let temporary = status.isAuthorized && temporaryFullAccuracy && !precise
        let full = precise || temporary
        return Authorization(
            status: status,
            accuracy: full ? .fullAccuracy : .reducedAccuracy,
            isFullAccuracyTemporary: temporary,
            servicesEnabled: true
        )
    }

    /// The Precise switch as it stands: the Allow Once answer's while it lasts, else the kept one, else the app's
    /// default (`NSLocationDefaultAccuracyReduced` turns it off, rule 2).
    package var effectivePrecise: Bool {
        if allowOnce && grant.decision == .notDetermined { return allowOncePrecise }
        return grant.precise ?? !declarations.defaultAccuracyReduced
    }

    /// Whether the app has full accuracy now.
    package var isPrecise: Bool { authorization.accuracy == .fullAccuracy }
}
