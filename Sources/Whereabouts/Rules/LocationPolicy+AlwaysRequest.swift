/// Rules 3 and 4: Always needs both usage descriptions; from `.notDetermined` it shows the When In Use prompt
/// (Allow While Using App then gives provisional Always), from `.authorizedWhenInUse` it shows the upgrade
/// prompt once per install, and after Allow Once it is ignored. A request made while the When In Use or the
/// upgrade prompt is on screen shows nothing more and completes with that prompt's answer.
extension LocationPolicy {
    /// Decides an Always request (`requestAlwaysAuthorization()`).
    ///
    /// "Always upgrade once per install" and "requestAlways after Allow Once is ignored" are decided here: both
    /// complete at once as ignored and leave ``alwaysDeclined`` set, for the `alwaysAuthorizationDenied`
    /// diagnostic.
    ///
    /// - Returns: The prompt to show, or how the request completes now.
    package mutating func requestAlways() -> RequestDecision {
        guard platform.rules.alwaysAuthorization else { return .fail(.alwaysAuthorizationUnavailable) }
        if let reason = reasonNoPromptCanShow { return .complete(.ignored(reason)) }
        let status = authorization.status
        guard status == .notDetermined || status == .authorizedWhenInUse else { return .complete(.alreadyDetermined) }
        if status == .authorizedWhenInUse && allowOnce {
            alwaysDeclined = true
            return .complete(.ignored(.temporaryAuthorization))
        }
        let missing = [
            declarations.always == nil ? UsageDescriptions.alwaysKey : nil,
            declarations.whenInUse == nil ? UsageDescriptions.whenInUseKey : nil,
        ].compactMap { $0 }
        guard missing.isEmpty, let whenInUse = declarations.whenInUse, let always = declarations.always else {
            return .fail(.missingUsageDescription(missing))
        }
        if let kind = prompt?.kind, kind == .whenInUse || kind == .alwaysUpgrade { return .joinPrompt(kind) }
        if status == .authorizedWhenInUse && grant.alwaysPromptShown {
            alwaysDeclined = true
            return .complete(.ignored(.alwaysAlreadyRequested))
        }
        if let reason = reasonPromptCannotShowNow { return .complete(.ignored(reason)) }
        if status == .notDetermined { return show(.whenInUse, message: whenInUse, forAlways: true) }
        return show(.alwaysUpgrade, message: always, forAlways: true)
    }

    /// Provisional Always lasts until the app first uses location in the background; then the person is asked
    /// for real with the upgrade prompt, whatever the app is doing.
    ///
    /// - Parameter usesLocationInBackground: Whether the app uses location where it is now (background updates,
    ///   regions, visits).
    /// - Returns: The upgrade prompt when it is due now, else `nil`.
    package mutating func provisionalAlwaysUpgrade(usesLocationInBackground: Bool) -> RequestDecision? {
        guard appState == .background, prompt == nil, grant.decision == .always, grant.provisionalAlways,
            usesLocationInBackground, reasonNoPromptCanShow == nil
        else { return nil }
        return show(.alwaysUpgrade, message: declarations.always ?? declarations.whenInUse ?? "", forAlways: true)
    }
}
