/// What an app on a device learns of iOS: Core Location reports the status and the accuracy, and what they hide —
/// Allow Once, temporary full accuracy, a declined Always upgrade or precise prompt — shows only in an answer or in a
/// prompt that never appears; the client logic keeps what it learns in one policy and decides each request on it.
extension LocationPolicy {
    /// Takes the authorization Core Location reports (`authorizationStatus`, `accuracyAuthorization`) as what iOS
    /// holds now.
    ///
    /// Core Location tells no more than the status and the accuracy. The grant is the status; a restricted app's own
    /// choice under the restriction is not told, and reads as not determined. Location Services are on whenever the
    /// status is other than denied, as Core Location reports denied while they are off. The Precise switch is on
    /// when accuracy is full and not the temporary grant.
    ///
    /// What the status hides is kept only while the status allows it: Allow Once (learned from
    /// ``observeUpgradePromptNotShown()``) reads as When In Use and ends with any other status; temporary full
    /// accuracy (learned from ``observe(answer:)``) ends with reduced accuracy or without authorization. Provisional
    /// Always reads as Always and is never known.
    ///
    /// - Parameters:
    ///   - status: The status Core Location reports.
    ///   - accuracy: The accuracy Core Location reports.
    package mutating func observe(status: AuthorizationStatus, accuracy: AccuracyAuthorization) {
        if status != .denied { device.servicesEnabled = true }
        device.restricted = status == .restricted
        switch status {
        case .notDetermined, .restricted: grant.decision = .notDetermined
        case .denied: grant.decision = .denied
        case .authorizedWhenInUse: grant.decision = .whenInUse
        case .authorizedAlways: grant.decision = .always
        }
        if status != .authorizedWhenInUse { allowOnce = false }
        if accuracy == .reducedAccuracy || !status.isAuthorized { temporaryFullAccuracy = false }
        grant.precise = accuracy == .fullAccuracy && !temporaryFullAccuracy
    }

    /// Takes what the person's answer to a prompt tells that the authorization Core Location reports does not.
    ///
    /// Keep Only While Using leaves Always declined; Allow on the temporary precise prompt makes the full accuracy
    /// Core Location now reports temporary (it reports full accuracy either way), and Don't Allow leaves full accuracy
    /// declined. The other answers tell nothing the status does not: the status itself is observed with
    /// ``observe(status:accuracy:)``.
    ///
    /// - Parameter answer: The answer, as the app could tell it.
    package mutating func observe(answer: PromptAnswer) {
        switch answer {
        case .keepWhileUsing:
            alwaysDeclined = true
        case .allowPrecise:
            temporaryFullAccuracy = true
            grant.precise = false
            fullAccuracyDeclined = false
        case .dontAllowPrecise:
            fullAccuracyDeclined = true
        case .allowOnce, .allowWhileUsing, .dontAllow, .changeToAlways, .allowLocationButton, .dontAllowLocationButton:
            break
        }
    }

    /// Takes a silence: the upgrade prompt an Always request asked for from When In Use never appeared.
    ///
    /// iOS ignores that request after Allow Once, which Core Location reports as When In Use: the silence is how an app
    /// learns that its When In Use is Allow Once, and that Always is declined for this use of the app. A later Always
    /// request is then decided as ignored at once, as iOS ignores it, until the status changes.
    package mutating func observeUpgradePromptNotShown() {
        if grant.decision == .whenInUse { allowOnce = true }
        alwaysDeclined = true
    }
}
