/// Service sessions (iOS 18's `CLServiceSession`), as rule 12 decides them.
extension SimulatedOS {
    /// Starts a service session: a declared need for location that asks when a prompt is due and reports what
    /// stands in the way (rule 12).
    ///
    /// It returns at once; a prompt it shows is on screen when it returns. Keep the session while the feature
    /// runs and call its `invalidate` after.
    ///
    /// - Parameters:
    ///   - authorization: The authorization the feature needs.
    ///   - fullAccuracyPurposeKey: A key of `NSLocationTemporaryUsageDescriptionDictionary` to ask full accuracy
    ///     with while accuracy is reduced; `nil` for none.
    /// - Returns: The session.
    package func startServiceSession(
        authorization: ServiceSession.AuthorizationRequirement,
        fullAccuracyPurposeKey: String? = nil
    ) async -> ServiceSession {
        let id = nextSubscriberID
        nextSubscriberID += 1
        let session = LocationPolicy.Session(
            authorization: authorization,
            fullAccuracyPurposeKey: fullAccuracyPurposeKey
        )
        let channel = DiagnosticsChannel(policy.diagnostics(for: session))
        sessions[id] = (session, channel)
        policy.holdSessions(sessions.values.map { $0.session.authorization })
        stateDidChange()
        return ServiceSession(
            authorization: authorization,
            fullAccuracyPurposeKey: fullAccuracyPurposeKey,
            diagnostics: { channel.stream() },
            invalidate: { await self.endServiceSession(id) }
        )
    }

    /// The diagnostics of every session the app holds now, by the order they were started.
    package var serviceSessionDiagnostics: [Set<Diagnostic>] {
        sessions.keys.sorted().compactMap { id in sessions[id].map { policy.diagnostics(for: $0.session) } }
    }

    /// How many service sessions the app holds.
    public var serviceSessionCount: Int { sessions.count }

    /// Ends every service session (the scenario's `stopServiceSession`).
    public func endServiceSessions() async {
        for id in sessions.keys.sorted() { endServiceSession(id) }
    }

    func endServiceSession(_ id: Int) {
        guard let ended = sessions.removeValue(forKey: id) else { return }
        ended.channel.finish()
        policy.holdSessions(sessions.values.map { $0.session.authorization })
        stateDidChange()
    }

    /// The app came into use (launch, foreground): each session may ask again (an Allow Once that lapsed).
    func sessionsCameIntoUse() {
        for id in sessions.keys { sessions[id]?.session.cameIntoUse() }
    }

    /// Runs the request a session makes now, if any: one prompt at a time.
    func askForServiceSessions() {
        for id in sessions.keys.sorted() {
            guard var entry = sessions[id], let request = policy.request(for: entry.session) else { continue }
            policy.mark(request, in: &entry.session)
            sessions[id] = entry
            let decision: RequestDecision
            var purposeKey: String?
            switch request {
            case .whenInUse: decision = update { $0.requestWhenInUse() }
            case .always: decision = update { $0.requestAlways() }
            case .temporaryFullAccuracy(let key):
                purposeKey = key
                decision = update { $0.requestTemporaryFullAccuracy(purposeKey: key) }
            }
            switch decision {
            case .prompt(let kind, let message):
                present(kind, message: message, purposeKey: purposeKey, ticket: nil)
                return
            case .complete, .joinPrompt:
                continue
            case .fail(let error):
                broadcast(.didFailWithError(error))
            }
        }
    }

    /// Sends each session its diagnostics when they changed.
    func refreshSessionDiagnostics() {
        for entry in sessions.values { entry.channel.send(policy.diagnostics(for: entry.session)) }
    }
}
