/// Rule 1: a When In Use request shows a prompt only while the status is `.notDetermined`, the app is in the
/// foreground and `NSLocationWhenInUseUsageDescription` is declared; otherwise it shows nothing and completes
/// at once, saying why (or failing, naming the missing key). A request made while the When In Use prompt is on
/// screen shows nothing more and completes with that prompt's answer, as iOS answers both with one callback.
extension LocationPolicy {
    /// Decides a When In Use request (`requestWhenInUseAuthorization()`).
    ///
    /// The checks run in iOS's order: Location Services off, restricted, already decided, the usage description
    /// missing, the same prompt on screen (the request joins it), another prompt on screen, the app not in the
    /// foreground.
    ///
    /// - Returns: The prompt to show, or how the request completes now.
    package mutating func requestWhenInUse() -> RequestDecision {
        if let reason = reasonNoPromptCanShow { return .complete(.ignored(reason)) }
        guard authorization.status == .notDetermined else { return .complete(.alreadyDetermined) }
        guard let message = declarations.whenInUse else {
            return .fail(.missingUsageDescription([UsageDescriptions.whenInUseKey]))
        }
        if prompt?.kind == .whenInUse { return .joinPrompt(.whenInUse) }
        if let reason = reasonPromptCannotShowNow { return .complete(.ignored(reason)) }
        return show(.whenInUse, message: message, forAlways: false)
    }

    /// Why no app prompt can show whatever the app's status (rule 7): Location Services off, or restricted.
    var reasonNoPromptCanShow: IgnoredReason? {
        if !device.servicesEnabled { return .servicesDisabled }
        if device.restricted { return .restricted }
        return nil
    }

    /// Why a prompt that is due cannot show at this moment: another is on screen, or the app is not in the
    /// foreground.
    var reasonPromptCannotShowNow: IgnoredReason? {
        if prompt != nil { return .requestInProgress }
        if appState != .foreground { return .notInForeground }
        return nil
    }

    /// Puts a prompt on screen. The upgrade to Always is shown once per install (rule 4), so showing it is kept.
    ///
    /// - Parameters:
    ///   - kind: The prompt.
    ///   - message: The purpose string it shows.
    ///   - forAlways: Whether an Always request shows it.
    /// - Returns: The decision to show it.
    mutating func show(_ kind: PermissionPrompt.Kind, message: String, forAlways: Bool) -> RequestDecision {
        prompt = Prompt(kind: kind, forAlways: forAlways)
        if kind == .alwaysUpgrade { grant.alwaysPromptShown = true }
        return .prompt(kind, message: message)
    }
}
