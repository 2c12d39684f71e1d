/// The app's Location Button (rule 15), on the OS's side: the person taps it.
extension SimulatedOS {
    /// The person taps the app's Location Button (Core Location UI's `LocationButton`, `CLLocationButton`) and the
    /// OS decides what the tap grants; returns once it is decided.
    ///
    /// The first tap of the install shows the ``PermissionPrompt/Kind/locationButton`` prompt and returns with the
    /// person's answer (``PromptAnswer/allowLocationButton`` grants); a later tap grants at once, without a prompt.
    /// The grant is When In Use for this use of the app, as Allow Once: the status reads
    /// ``AuthorizationStatus/authorizedWhenInUse`` until the app is no longer in use (the background without a
    /// background session, termination), then ``AuthorizationStatus/notDetermined`` again. With the status decided
    /// (When In Use, Always, Denied) a tap grants nothing; the app's own button action runs either way, as
    /// `LocationButton`'s does.
    ///
    /// ```swift
    /// let outcome = await os.tapLocationButton()   // the first tap: the person is asked once
    /// // outcome.status == .authorizedWhenInUse, outcome.resolution == .answered(.allowLocationButton)
    /// await os.handle(.terminate)
    /// await os.handle(.launch)                       // the grant ended with the app's use
    /// await os.tapLocationButton()                   // granted again, without a prompt
    /// ```
    ///
    /// - Returns: The authorization after the tap, and how the tap was decided.
    @discardableResult
    public func tapLocationButton() async -> AuthorizationOutcome {
        let ticket = submit(.locationButtonTap)
        switch await result(of: ticket) {
        case .success(.authorization(let outcome)): return outcome
        default:
            // A tap never fails and never answers with an accuracy or a location; what the app reads says the rest.
            let now = policy.authorization
            return AuthorizationOutcome(status: now.status, accuracy: now.accuracy, resolution: .alreadyDetermined)
        }
    }
}
