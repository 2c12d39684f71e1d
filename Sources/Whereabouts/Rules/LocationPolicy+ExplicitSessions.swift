/// Rule 13: an app that declares the explicit-session opt-in (`CLRequireExplicitServiceSession`, or
/// `NSLocationRequireExplicitServiceSession`) gets no fixes and no monitoring events while it is not in the foreground
/// unless it holds a service session with the authorization they need — When In Use for updates kept running by a
/// background session, Always for those Always alone allows — and is told `serviceSessionRequired` while it holds no
/// session that asks for authorization, `insufficientlyInUse` while the one it holds asks for too little.
extension LocationPolicy {
    /// Records the service sessions the app holds now.
    ///
    /// - Parameter requirements: The authorization each session asks for, one entry per session.
    package mutating func holdSessions(_ requirements: some Sequence<ServiceSession.AuthorizationRequirement>) {
        var strongest: ServiceSession.AuthorizationRequirement?
        for requirement in requirements where strongest.map({ requirement.strength > $0.strength }) ?? true {
            strongest = requirement
        }
        strongestHeldSession = strongest
        holdsAuthorizingSession = strongest.map { $0 != .noAuthorization } ?? false
    }

    /// Whether the app holds a service session that asks for at least this authorization.
    ///
    /// - Parameter needed: The authorization needed.
    /// - Returns: Whether a held session asks for it or for more.
    package func holdsSession(asking needed: ServiceSession.AuthorizationRequirement) -> Bool {
        guard let strongestHeldSession else { return false }
        return strongestHeldSession.strength >= needed.strength
    }

    /// Whether the app opted into explicit sessions and is out of the foreground: then only a held session lets
    /// fixes and monitoring events through.
    var needsExplicitSession: Bool {
        declarations.requiresExplicitServiceSession && appState != .foreground
    }

    /// Whether fixes may reach a manager in the background with Always, by rule 8 and rule 13.
    ///
    /// - Parameter allowed: Whether the manager allows background updates.
    /// - Returns: Whether they may: real Always with background updates allowed, and under the opt-in an Always
    ///   session held (or a When In Use session with a background session running, which keeps the app in use).
    func mayDeliverWithAlways(allowingBackgroundUpdates allowed: Bool) -> Bool {
        guard !grant.provisionalAlways, allowed else { return false }
        guard needsExplicitSession, !holdsSession(asking: .always) else { return true }
        return backgroundSessionActive && holdsSession(asking: .whenInUse)
    }

    /// Whether fixes may reach a manager in the background through a background session, by rule 8 and rule 13.
    ///
    /// - Parameter allowed: Whether the manager allows background updates.
    /// - Returns: Whether they may: background updates allowed, a background session running, and under the
    ///   opt-in a When In Use (or Always) session held.
    func mayDeliverWithBackgroundSession(allowingBackgroundUpdates allowed: Bool) -> Bool {
        allowed && backgroundSessionActive && (!needsExplicitSession || holdsSession(asking: .whenInUse))
    }

    /// The diagnostics rule 13 adds to rule 10's: `serviceSessionRequired` out of the foreground while no held
    /// session asks for authorization; `insufficientlyInUse` while the app with Always gets nothing for want of an
    /// Always session.
    ///
    /// - Returns: Those of the two that hold.
    func explicitSessionDiagnostics() -> Set<Diagnostic> {
        guard needsExplicitSession else { return [] }
        var result = Set<Diagnostic>()
        if !holdsAuthorizingSession { result.insert(.serviceSessionRequired) }
        let status = authorization.status
        if status == .authorizedAlways, holdsAuthorizingSession, !grant.provisionalAlways, allowsBackgroundUpdates,
            !mayDeliverLocations
        {
            result.insert(.insufficientlyInUse)
        }
        return result
    }
}

extension ServiceSession.AuthorizationRequirement {
    /// How much the requirement asks for: none, When In Use, Always.
    var strength: Int {
        switch self {
        case .noAuthorization: 0
        case .whenInUse: 1
        case .always: 2
        }
    }
}
