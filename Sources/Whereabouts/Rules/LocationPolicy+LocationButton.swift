/// Rule 15: a tap on the app's Location Button (Core Location UI's `LocationButton`, `CLLocationButton`) grants When
/// In Use for this use of the app, as Allow Once does — asking the person once per install, at the first tap — and
/// the grant ends when the app is no longer in use.
extension LocationPolicy {
    /// Decides a tap on the app's Location Button.
    ///
    /// The checks run in this order: Location Services off, restricted, a decided status (Denied, or a grant that
    /// the tap cannot add to: it completes as already determined), the app not in the foreground (a tap needs the
    /// screen), the Location Button prompt on screen (the tap joins it), another prompt on screen. Then the first
    /// tap of the install shows the Location Button prompt; a later one grants at once.
    ///
    /// - Returns: The prompt to show, or how the tap completes now (``RequestResolution/answered(_:)`` with
    ///   ``PromptAnswer/allowLocationButton`` when it granted without asking: the tap is the person's answer).
    package mutating func tapLocationButton() -> RequestDecision {
        if let reason = reasonNoPromptCanShow { return .complete(.ignored(reason)) }
        guard authorization.status == .notDetermined else { return .complete(.alreadyDetermined) }
        if appState != .foreground { return .complete(.ignored(.notInForeground)) }
        if prompt?.kind == .locationButton { return .joinPrompt(.locationButton) }
        if prompt != nil { return .complete(.ignored(.requestInProgress)) }
        guard grant.locationButtonApproved else {
            let message =
                declarations.whenInUse ?? "The app gets your location each time you tap its location button."
            return show(.locationButton, message: message, forAlways: false)
        }
        grantThroughLocationButton()
        return .complete(.answered(.allowLocationButton))
    }

    /// Grants When In Use for this use of the app, as Allow Once: with the kept Precise switch, or the app's default.
    mutating func grantThroughLocationButton() {
        allowOnce = true
        allowOncePrecise = grant.precise ?? !declarations.defaultAccuracyReduced
    }
}
