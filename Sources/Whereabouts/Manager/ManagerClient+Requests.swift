extension ManagerClient {
    /// Asks for When In Use; completes at once wherever iOS would show nothing and stay silent.
    func requestWhenInUseAuthorization() async throws -> AuthorizationOutcome {
        await refreshServicesEnabled()
        try prepareDecision()
        switch policy.requestWhenInUse() {
        case .prompt: return try await ask(.whenInUse) { $0.requestWhenInUseAuthorization() }
        case .joinPrompt: return try await joinPrompt()
        case .complete(let resolution): return outcome(resolution)
        case .fail(let error): throw error
        }
    }

    /// Asks for Always: the when-in-use prompt from `.notDetermined` (provisional Always), the upgrade
    /// prompt once per install from `.authorizedWhenInUse`; completes even when iOS sends no callback.
    func requestAlwaysAuthorization() async throws -> AuthorizationOutcome {
        guard manager.capabilities.alwaysAuthorization else { throw LocationError.alwaysAuthorizationUnavailable }
        await refreshServicesEnabled()
        try prepareDecision()
        observeAlwaysMemory()
        let declinedBefore = policy.alwaysDeclined
        let decision = policy.requestAlways()
        // Asked again after the upgrade was shown, or after Allow Once: the decision leaves Always declined.
        if policy.alwaysDeclined != declinedBefore { refreshDiagnostics() }
        switch decision {
        case .prompt(let kind, _):
            if policy.grant.alwaysPromptShown { alwaysMemory.recordRequest() }
            return try await ask(kind) { $0.requestAlwaysAuthorization() }
        case .joinPrompt: return try await joinPrompt()
        case .complete(let resolution): return outcome(resolution)
        case .fail(let error): throw error
        }
    }

    /// Asks for temporary full accuracy. Core Location always calls the completion; a decline is not
    /// an error (rule 5), a prompt that could not be shown is.
    func requestTemporaryFullAccuracy(purposeKey: String) async throws -> AccuracyOutcome {
        await refreshServicesEnabled()
        try prepareDecision()
        switch policy.requestTemporaryFullAccuracy(purposeKey: purposeKey) {
        case .prompt: break
        case .joinPrompt: return AccuracyOutcome(accuracy: current.accuracy, resolution: .ignored(.requestInProgress))
        case .complete(let resolution): return AccuracyOutcome(accuracy: current.accuracy, resolution: resolution)
        case .fail(let error): throw error
        }

        // The decision put the prompt on screen in the policy: a request in progress.
        refreshDiagnostics()
        // Resumed once: by Core Location's completion, or at once when the calling task is cancelled (the prompt
        // stays on screen, and its answer still reaches the app as an authorization change).
        let waiter = LockedValue<CheckedContinuation<ManagerError?, any Error>?>(nil)
        let take: @Sendable () -> CheckedContinuation<ManagerError?, any Error>? = {
            waiter.update { continuation in
                defer { continuation = nil }
                return continuation
            }
        }
        let error: ManagerError? = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.current = continuation
                if Task.isCancelled { take()?.resume(throwing: LocationError.cancelled) }
                manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) { [weak self] error in
                    self?.accuracyPromptClosed()
                    take()?.resume(returning: error)
                }
            }
        } onCancel: {
            take()?.resume(throwing: LocationError.cancelled)
        }
        let accuracy = manager.accuracyAuthorization
        let resolution: RequestResolution
        switch error {
        case nil where accuracy != .fullAccuracy && !isForeground:
            // The app left the foreground and the prompt went with it: nobody declined.
            resolution = .ignored(.notInForeground)
        case nil where accuracy == .fullAccuracy:
            // Core Location reports full accuracy either way: only the answer says that it is temporary.
            policy.observe(answer: .allowPrecise)
            resolution = .answered(.allowPrecise)
        case nil:
            policy.observe(answer: .dontAllowPrecise)
            resolution = .answered(.dontAllowPrecise)
        case .some where accuracy == .fullAccuracy:
            resolution = .alreadyDetermined
        case let error? where error.code == ManagerError.promptDeclined && !isForeground:
            // Core Location did not show the prompt because the app is in the background (kCLErrorPromptDeclined says
            // the prompt was not shown, not that the person declined): nobody declined.
            resolution = .ignored(.notInForeground)
        case let error? where error.code == ManagerError.promptDeclined:
            // Not shown, and not declined: with full accuracy ruled out above and the app in the foreground as far as
            // the client knows, Core Location does not find the purpose key in the app's Info.plist (or the app left
            // the foreground just before the request reached it).
            authorizationMayHaveChanged()
            refreshDiagnostics()
            throw LocationError.sourceFailed(
                "Core Location did not show the precise location prompt for purpose key \"\(purposeKey)\" "
                    + "(CLError \(error.code), kCLErrorPromptDeclined: not shown, nobody declined): the app's Info.plist, "
                    + "as Core Location reads it, has no NSLocationTemporaryUsageDescriptionDictionary entry for it, "
                    + "although the declarations this client was given list one; make the declarations passed to "
                    + "LocationClient.live(declarations:) the app's own Info.plist (or add the key there), and ask "
                    + "again while the app is in the foreground"
            )
        case let error?:
            authorizationMayHaveChanged()
            refreshDiagnostics()
            throw LocationError.sourceFailed(
                "Core Location could not show the precise location prompt (CLError \(error.code): "
                    + "\(error.message)); check that the app is in the foreground and try again"
            )
        }
        authorizationMayHaveChanged()
        refreshDiagnostics()
        return AccuracyOutcome(accuracy: current.accuracy, resolution: resolution)
    }

    /// Asks for one location: the first fix Core Location delivers, or its error.
    func requestLocation() async throws -> Location {
        // The app's process ended: the request would wait for what never comes.
        guard !processEnded else { throw LocationError.cancelled }
        await refreshServicesEnabled()
        authorizationMayHaveChanged()
        guard current.status.isAuthorized else {
            throw LocationError.notAuthorized(current.status, servicesEnabled: current.servicesEnabled)
        }
        // In the background without the right to fixes there (When In Use with no session), iOS answers with an
        // error the app cannot tell from a revoke; the policy says why.
        if let error = policy.locationRequestError { throw error }
        let id = makeID()
        let elapsed = Stopwatch(clock).elapsed
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                locationRequests[id] = LocationRequest(continuation: continuation, elapsed: elapsed)
                if paused && !policy.updatesEndedByPause {
                    // Apple's requestLocation() page: the call does nothing while location services run, which
                    // paused updates still do; its pausesLocationUpdatesAutomatically page: paused updates deliver
                    // nothing until the app starts them again. Left to Core Location, the request would wait until
                    // cancelled; asking for a location is the app needing updates again, so they start again here,
                    // and their next fix answers the request.
                    resumeAfterPause()
                } else {
                    manager.requestLocation()
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.finishLocationRequest(id, .failure(LocationError.cancelled)) }
        }
    }

    /// The temporary full accuracy prompt went away (answered, or taken away): what it changed reaches the app even
    /// when the request that showed it was cancelled.
    func accuracyPromptClosed() {
        if policy.prompt?.kind == .temporaryFullAccuracy { policy.prompt = nil }
        authorizationMayHaveChanged()
        refreshDiagnostics()
    }

    // MARK: Helpers

    /// Makes the policy ready for a decision: the app's Info.plist could be read, and the policy holds what the
    /// manager reports now.
    ///
    /// - Throws: ``LocationError/Code/invalidInfoPlist`` when the app's Info.plist could not be read.
    func prepareDecision() throws {
        if let infoPlistError { throw infoPlistError }
        authorizationMayHaveChanged()
    }

    /// Reads whether Always was asked for on this install into the policy, before a decision that depends on it: the
    /// memory is kept outside the client (the OS keeps it over a simulated manager, and records it when it shows the
    /// upgrade prompt, which another manager's request or a service session may do).
    func observeAlwaysMemory() {
        policy.grant.alwaysPromptShown = alwaysMemory.wasRequested()
    }

    /// An outcome with the authorization now.
    func outcome(_ resolution: RequestResolution) -> AuthorizationOutcome {
        AuthorizationOutcome(status: current.status, accuracy: current.accuracy, resolution: resolution)
    }

    /// Calls the manager, then waits until the prompt is answered, found not shown, or cancelled.
    private func ask(
        _ kind: PermissionPrompt.Kind,
        _ call: (any LocationManaging) -> Void
    ) async throws -> AuthorizationOutcome {
        let id = makeID()
        let before = current
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                prompt = PendingPrompt(id: id, before: before, waiters: [id: continuation])
                refreshDiagnostics()
                if kind == .alwaysUpgrade { startAppearanceTimer(id) }
                call(manager)
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.cancelWaiter(id) }
        }
    }

    /// Waits for the answer to the prompt on screen, which a request made earlier put there: iOS shows no second
    /// prompt and answers both with its one callback.
    private func joinPrompt() async throws -> AuthorizationOutcome {
        let id = makeID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard prompt != nil else {
                    // Answered in the meantime: the authorization now is the answer.
                    return continuation.resume(returning: outcome(.alreadyDetermined))
                }
                prompt?.waiters[id] = continuation
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.cancelWaiter(id) }
        }
    }

    /// The task of one waiting request was cancelled: it throws ``LocationError/cancelled`` now. The prompt stays on
    /// screen, as on iOS; once no request waits for it, the client stops waiting too, and the person's answer reaches
    /// the app as an authorization change.
    private func cancelWaiter(_ id: Int) {
        guard var pending = prompt, let continuation = pending.waiters.removeValue(forKey: id) else { return }
        continuation.resume(throwing: LocationError.cancelled)
        if pending.waiters.isEmpty {
            prompt = nil
            policy.prompt = nil
            appearanceTimer?.cancel()
            appearanceTimer = nil
            refreshDiagnostics()
        } else {
            prompt = pending
        }
    }

    /// The upgrade prompt is shown once per install; if the app has not resigned active by the time
    /// the timer fires, iOS ignored the request (Allow Once cannot be upgraded either).
    private func startAppearanceTimer(_ id: Int) {
        let clock = clock
        let wait = timing.promptAppearance
        let manager = manager
        let elapsed = Stopwatch(clock).elapsed
        appearanceTimer = Task { [weak self] in
            // Once the request has reached the OS, a prompt it put up has made the app resign active, and that news is
            // queued on the main actor: let it run before this timer can end, however long the OS took.
            await manager.settle()
            await Task.yield()
            let remaining = wait - elapsed()
            if remaining > .zero, (try? await clock.sleep(for: remaining)) == nil { return }
            guard !Task.isCancelled else { return }
            guard let self, let pending = self.prompt, pending.id == id, !pending.shown else { return }
            self.policy.observeUpgradePromptNotShown()
            self.finishPrompt(id, .success(self.outcome(.ignored(.temporaryAuthorization))))
        }
    }

    /// The app became active a while ago and no authorization callback came: the upgrade prompt was
    /// answered "Keep Only While Using", which changes nothing and sends nothing.
    func promptSettled(_ id: Int) {
        guard let pending = prompt, pending.id == id, policy.prompt?.kind == .alwaysUpgrade else { return }
        authorizationMayHaveChanged()
        guard let still = prompt, still.id == id else { return }
        policy.observe(answer: .keepWhileUsing)
        finishPrompt(id, .success(outcome(.answered(.keepWhileUsing))))
    }

    /// Resumes the continuation of every request waiting for the pending prompt, once, if it is still the one with
    /// this identifier.
    func finishPrompt(_ id: Int, _ result: Result<AuthorizationOutcome, any Error>) {
        guard let pending = prompt, pending.id == id else { return }
        prompt = nil
        policy.prompt = nil
        appearanceTimer?.cancel()
        appearanceTimer = nil
        for waiter in pending.waiters.keys.sorted() { pending.waiters[waiter]?.resume(with: result) }
        refreshDiagnostics()
    }

    /// What the person answered, as far as the new authorization tells.
    ///
    /// iOS does not tell Allow Once from Allow While Using App (both read `.authorizedWhenInUse`);
    /// the adapter reports `allowWhileUsing`, which is what the app sees.
    func answer(to kind: PermissionPrompt.Kind, now: Authorization) -> PromptAnswer {
        let precise = now.accuracy == .fullAccuracy
        switch kind {
        case .alwaysUpgrade:
            return now.status == .authorizedAlways ? .changeToAlways : .keepWhileUsing
        case .whenInUse, .temporaryFullAccuracy:
            return now.status.isAuthorized ? .allowWhileUsing(precise: precise) : .dontAllow
        case .locationButton:
            // The client logic never shows it (the OS does, at a tap); the status tells whether it granted.
            return now.status.isAuthorized ? .allowLocationButton : .dontAllowLocationButton
        }
    }

    /// Resumes a one-shot location request once, if it is still pending.
    func finishLocationRequest(_ id: Int, _ result: Result<Location, any Error>) {
        guard let request = locationRequests.removeValue(forKey: id) else { return }
        request.continuation.resume(with: result)
    }
}
