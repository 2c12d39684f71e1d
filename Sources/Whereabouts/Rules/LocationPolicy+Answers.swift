/// Rules 2–5: what each answer to a prompt does — Allow Once lasts for this use of the app, Allow While Using
/// App keeps When In Use (provisional Always when Always was asked for), Don't Allow keeps Denied, the upgrade
/// prompt's answers keep Always or When In Use, and a temporary precise answer lasts for this use.
extension LocationPolicy {
    /// Applies the person's answer to the prompt on screen, and takes it off the screen.
    ///
    /// An answer of another prompt's kind counts as declining the prompt on screen.
    ///
    /// - Parameter given: What the person answered.
    /// - Returns: The answer applied, or `nil` when no prompt was on screen.
    @discardableResult
    package mutating func answer(_ given: PromptAnswer) -> PromptAnswer? {
        guard let shown = prompt else { return nil }
        let answer = given.kind == shown.kind ? given : .decline(shown.kind)
        prompt = nil
        switch answer {
        case .allowOnce(let precise):
            allowOnce = true
            allowOncePrecise = precise
            if shown.forAlways { alwaysDeclined = true }
        case .allowWhileUsing(let precise):
            grant.precise = precise
            // Without When In Use (macOS) the person's Allow is Always, for good: no upgrade prompt follows.
            let always = shown.forAlways || !platform.rules.whenInUseAuthorization
            grant.decision = always ? .always : .whenInUse
            grant.provisionalAlways = shown.forAlways && platform.rules.alwaysUpgradePrompt
        case .dontAllow:
            grant.decision = .denied
            grant.provisionalAlways = false
        case .changeToAlways:
            grant.decision = .always
            grant.provisionalAlways = false
        case .keepWhileUsing:
            grant.decision = .whenInUse
            grant.provisionalAlways = false
            alwaysDeclined = true
        case .allowPrecise:
            temporaryFullAccuracy = true
        case .dontAllowPrecise:
            fullAccuracyDeclined = true
        case .allowLocationButton:
            grant.locationButtonApproved = true
            grantThroughLocationButton()
        case .dontAllowLocationButton:
            break
        }
        return answer
    }

    /// Takes the prompt off the screen without an answer, as iOS does when the app stops being in use (a When
    /// In Use or temporary prompt needs the foreground) or terminates (any prompt, the upgrade too).
    ///
    /// - Parameter terminating: Whether the app terminated.
    /// - Returns: The prompt taken off the screen, or `nil` when none was.
    @discardableResult
    package mutating func dismissPrompt(terminating: Bool) -> Prompt? {
        guard let shown = prompt, terminating || shown.kind != .alwaysUpgrade else { return nil }
        prompt = nil
        return shown
    }
}
