/// Rule 12: a service session (iOS 18's `CLServiceSession`) asks for what it declares when a prompt is due, by the
/// same rules as the requests — When In Use (or Always) while the status is not determined and the app is in the
/// foreground, the Always upgrade once per install, temporary full accuracy with its purpose key while accuracy is
/// reduced — one prompt at a time, once each time the app comes into use; and its diagnostics say what stands in
/// the way of what it declared.
extension LocationPolicy {
    /// What a service session declared, and what it has asked for since the app last came into use.
    package struct Session: Hashable, Sendable {
        /// The authorization it needs.
        package var authorization: ServiceSession.AuthorizationRequirement
        /// The purpose key it asks full accuracy with, if any.
        package var fullAccuracyPurposeKey: String?
        /// Whether it asked for authorization (When In Use, or Always from not determined).
        package var askedAuthorization = false
        /// Whether it asked for the Always upgrade.
        package var askedAlways = false
        /// Whether it asked for temporary full accuracy.
        package var askedFullAccuracy = false

        /// A session that has asked for nothing yet.
        ///
        /// - Parameters:
        ///   - authorization: The authorization it needs.
        ///   - fullAccuracyPurposeKey: The purpose key it asks full accuracy with.
        package init(authorization: ServiceSession.AuthorizationRequirement, fullAccuracyPurposeKey: String?) {
            self.authorization = authorization
            self.fullAccuracyPurposeKey = fullAccuracyPurposeKey
        }

        /// Forgets what it asked: the app came into use again, so a prompt may be due again.
        package mutating func cameIntoUse() {
            askedAuthorization = false
            askedAlways = false
            askedFullAccuracy = false
        }
    }

    /// What a session asks for next.
    package enum SessionRequest: Hashable, Sendable {
        /// The When In Use request.
        case whenInUse
        /// The Always request.
        case always
        /// The temporary full accuracy request with a purpose key.
        case temporaryFullAccuracy(purposeKey: String)
    }

    /// The request a session makes now, or `nil`: the app must be in the foreground with no prompt on screen,
    /// and each request is made once each time the app comes into use. The caller marks it asked and runs the
    /// request's own decision, which may still complete without a prompt.
    ///
    /// - Parameter session: The session.
    /// - Returns: The request it makes now.
    package func request(for session: Session) -> SessionRequest? {
        guard appState == .foreground, prompt == nil, device.servicesEnabled, !device.restricted else { return nil }
        let status = authorization.status
        if status == .notDetermined, session.authorization != .noAuthorization, !session.askedAuthorization {
            return session.authorization == .always ? .always : .whenInUse
        }
        if session.authorization == .always, status == .authorizedWhenInUse, !session.askedAlways, !allowOnce,
            !grant.alwaysPromptShown
        {
            return .always
        }
        if let key = session.fullAccuracyPurposeKey, status.isAuthorized, !isPrecise, !session.askedFullAccuracy {
            return .temporaryFullAccuracy(purposeKey: key)
        }
        return nil
    }

    /// Marks a session's request as made: the Always request is the session's authorization request from not
    /// determined, and its upgrade request from When In Use.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - session: The session that makes it.
    package func mark(_ request: SessionRequest, in session: inout Session) {
        switch request {
        case .whenInUse: session.askedAuthorization = true
        case .always:
            if authorization.status == .notDetermined {
                session.askedAuthorization = true
            } else {
                session.askedAlways = true
            }
        case .temporaryFullAccuracy: session.askedFullAccuracy = true
        }
    }

    /// The diagnostics a session reports now: why what it declared is not (yet) had.
    ///
    /// - Parameter session: The session.
    /// - Returns: Those of `authorizationDenied`, `authorizationDeniedGlobally`, `authorizationRestricted`,
    ///   `authorizationRequestInProgress`, `insufficientlyInUse`, `fullAccuracyDenied`, `alwaysAuthorizationDenied`
    ///   and `serviceSessionRequired` that hold.
    package func diagnostics(for session: Session) -> Set<Diagnostic> {
        let kinds: Set<Diagnostic> = [
            .authorizationDenied, .authorizationDeniedGlobally, .authorizationRestricted,
            .authorizationRequestInProgress, .insufficientlyInUse, .serviceSessionRequired,
        ]
        var result = diagnostics(locationUnavailable: false, stationary: false).intersection(kinds)
        let now = authorization
        if session.authorization == .always, now.status == .authorizedWhenInUse, prompt == nil,
            alwaysDeclined || session.askedAlways || grant.alwaysPromptShown || allowOnce
        {
            result.insert(.alwaysAuthorizationDenied)
        }
        if session.fullAccuracyPurposeKey != nil, now.status.isAuthorized, !isPrecise, fullAccuracyDeclined {
            result.insert(.fullAccuracyDenied)
        }
        return result
    }
}
