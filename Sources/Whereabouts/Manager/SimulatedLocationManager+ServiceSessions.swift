/// Service sessions, as iOS 18 holds a `CLServiceSession`: the simulated OS holds them.
///
/// The OS shows the prompts a session is due, when it starts and each time the app comes into use again, applies
/// `CLRequireExplicitServiceSession`, and reports each session's diagnostics; the client logic's own emulation is for
/// managers without sessions.
extension SimulatedLocationManager {
    /// Starts a session on the OS, after the calls made before it; its diagnostics come straight from the OS
    /// (``serviceSessionDiagnostics(_:)``), so `receive` is not called.
    package func startServiceSession(
        authorization: ServiceSession.AuthorizationRequirement,
        fullAccuracyPurposeKey: String?,
        receive: @escaping @MainActor (Set<Diagnostic>) -> Void
    ) -> Int? {
        // A platform without CLServiceSession (macOS): the client logic asks by the session's rules itself, as it
        // does over Core Location there.
        guard engine.platform.rules.serviceSessions else { return nil }
        lastServiceSessionToken += 1
        let token = lastServiceSessionToken
        send { engine in
            let session = await engine.startServiceSession(
                authorization: authorization,
                fullAccuracyPurposeKey: fullAccuracyPurposeKey
            )
            await self.keep(session, token: token)
        }
        return token
    }

    /// Keeps a session the OS started, until the client stops it.
    func keep(_ session: ServiceSession, token: Int) {
        serviceSessions[token] = session
    }

    package func stopServiceSession(_ token: Int) {
        // After the calls made before it: the session's start among them.
        send { _ in await self.takeServiceSession(token)?.invalidate() }
    }

    /// Forgets a session, and returns it to be ended on the OS.
    func takeServiceSession(_ token: Int) -> ServiceSession? {
        serviceSessions.removeValue(forKey: token)
    }

    /// Each reader gets the set that holds on the OS when it starts reading, then each change, until the session ends.
    package func serviceSessionDiagnostics(_ token: Int) -> (@Sendable () -> AsyncStream<Set<Diagnostic>>)? {
        { [weak self] in
            let (stream, continuation) = AsyncStream.makeStream(of: Set<Diagnostic>.self)
            let reader = Task { @MainActor [weak self] in
                // Once the calls made so far have reached the OS, the session has started there (or ended).
                await self?.settle()
                guard let session = self?.serviceSessions[token] else {
                    continuation.finish()
                    return
                }
                for await diagnostics in session.diagnostics() { continuation.yield(diagnostics) }
                continuation.finish()
            }
            continuation.onTermination = { _ in reader.cancel() }
            return stream
        }
    }
}
