import Whereabouts

/// An authorization prompt the adapter is waiting on; its continuation is resumed exactly once.
struct PendingPrompt {
    /// Identifies the request.
    let id: Int
    /// `.whenInUse` (also for Always from `.notDetermined`) or `.alwaysUpgrade`.
    let kind: PermissionPrompt.Kind
    /// The authorization when the request was made.
    let before: Authorization
    /// Whether the app resigned active since the request (a prompt covers it).
    var shown = false
    /// Where the outcome goes.
    let continuation: CheckedContinuation<AuthorizationOutcome, any Error>
}

/// Makes sure a callback-based completion resumes its continuation once, however often it is called.
@MainActor
final class OnceFlag {
    private var fired = false

    /// Returns `true` the first time only.
    func claim() -> Bool {
        defer { fired = true }
        return !fired
    }
}

extension CoreLocationAdapter {
    /// Asks for When In Use; completes at once wherever iOS would show nothing and stay silent.
    func requestWhenInUseAuthorization() async throws -> AuthorizationOutcome {
        let declarations = try declarations.get()
        authorizationMayHaveChanged()
        if let reason = reasonToStayQuiet() { return outcome(.ignored(reason)) }
        guard current.status == .notDetermined else { return outcome(.alreadyDetermined) }
        guard declarations.whenInUse != nil else {
            throw LocationError.missingUsageDescription([UsageDescriptions.whenInUseKey])
        }
        if prompt != nil || accuracyPromptShowing { return outcome(.ignored(.requestInProgress)) }
        guard isForeground else { return outcome(.ignored(.notInForeground)) }
        return try await ask(.whenInUse) { $0.requestWhenInUseAuthorization() }
    }

    /// Asks for Always: the when-in-use prompt from `.notDetermined` (provisional Always), the upgrade
    /// prompt once per install from `.authorizedWhenInUse`; completes even when iOS sends no callback.
    func requestAlwaysAuthorization() async throws -> AuthorizationOutcome {
        let declarations = try declarations.get()
        authorizationMayHaveChanged()
        if let reason = reasonToStayQuiet() { return outcome(.ignored(reason)) }
        guard current.status == .notDetermined || current.status == .authorizedWhenInUse else {
            return outcome(.alreadyDetermined)
        }
        let missing = [
            declarations.always == nil ? UsageDescriptions.alwaysKey : nil,
            declarations.whenInUse == nil ? UsageDescriptions.whenInUseKey : nil,
        ].compactMap { $0 }
        guard missing.isEmpty else { throw LocationError.missingUsageDescription(missing) }
        if current.status == .authorizedWhenInUse && alwaysMemory.wasRequested() {
            alwaysDeclined = true
            refreshDiagnostics()
            return outcome(.ignored(.alwaysAlreadyRequested))
        }
        if prompt != nil || accuracyPromptShowing { return outcome(.ignored(.requestInProgress)) }
        guard isForeground else { return outcome(.ignored(.notInForeground)) }
        alwaysMemory.recordRequest()
        if current.status == .notDetermined {
            return try await ask(.whenInUse) { $0.requestAlwaysAuthorization() }
        }
        return try await ask(.alwaysUpgrade) { $0.requestAlwaysAuthorization() }
    }

    /// Asks for temporary full accuracy. Core Location always calls the completion; a decline is not
    /// an error (DESIGN rule 5), a prompt that could not be shown is.
    func requestTemporaryFullAccuracy(purposeKey: String) async throws -> AccuracyOutcome {
        let declarations = try declarations.get()
        authorizationMayHaveChanged()
        guard current.status.isAuthorized else {
            throw LocationError.notAuthorized(current.status, servicesEnabled: current.servicesEnabled)
        }
        if current.accuracy == .fullAccuracy {
            return AccuracyOutcome(accuracy: .fullAccuracy, resolution: .alreadyDetermined)
        }
        guard declarations.temporaryPurposes[purposeKey] != nil else {
            throw LocationError.missingTemporaryPurposeKey(
                purposeKey,
                declared: declarations.temporaryPurposes.keys.sorted()
            )
        }
        if prompt != nil || accuracyPromptShowing {
            return AccuracyOutcome(accuracy: current.accuracy, resolution: .ignored(.requestInProgress))
        }
        guard isForeground else {
            return AccuracyOutcome(accuracy: current.accuracy, resolution: .ignored(.notInForeground))
        }

        accuracyPromptShowing = true
        refreshDiagnostics()
        let once = OnceFlag()
        let error: ManagerError? = await withCheckedContinuation { continuation in
            manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) { error in
                if once.claim() { continuation.resume(returning: error) }
            }
        }
        accuracyPromptShowing = false
        let accuracy = manager.accuracyAuthorization
        let resolution: RequestResolution
        switch error {
        case nil where accuracy == .fullAccuracy:
            fullAccuracyIsTemporary = true
            fullAccuracyDeclined = false
            resolution = .answered(.allowPrecise)
        case nil:
            fullAccuracyDeclined = true
            resolution = .answered(.dontAllowPrecise)
        case .some where accuracy == .fullAccuracy:
            resolution = .alreadyDetermined
        case let error? where error.code == ManagerError.promptDeclined:
            fullAccuracyDeclined = true
            resolution = .answered(.dontAllowPrecise)
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
        authorizationMayHaveChanged()
        guard current.status.isAuthorized else {
            throw LocationError.notAuthorized(current.status, servicesEnabled: current.servicesEnabled)
        }
        let id = makeID()
        let elapsed = stopwatch()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                locationRequests[id] = LocationRequest(continuation: continuation, elapsed: elapsed)
                manager.requestLocation()
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.finishLocationRequest(id, .failure(LocationError.cancelled)) }
        }
    }

    // MARK: Helpers

    /// Why a prompt cannot be shown whatever the status: services off, or restricted.
    func reasonToStayQuiet() -> IgnoredReason? {
        if !current.servicesEnabled { return .servicesDisabled }
        if current.status == .restricted { return .restricted }
        return nil
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
                prompt = PendingPrompt(id: id, kind: kind, before: before, continuation: continuation)
                refreshDiagnostics()
                if kind == .alwaysUpgrade { startAppearanceTimer(id) }
                call(manager)
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.finishPrompt(id, .failure(LocationError.cancelled)) }
        }
    }

    /// The upgrade prompt is shown once per install; if the app has not resigned active by the time
    /// the timer fires, iOS ignored the request (Allow Once cannot be upgraded either).
    private func startAppearanceTimer(_ id: Int) {
        let clock = clock
        let wait = timing.promptAppearance
        appearanceTimer = Task { [weak self] in
            guard (try? await clock.sleep(for: wait)) != nil else { return }
            guard let self, let pending = self.prompt, pending.id == id, !pending.shown else { return }
            self.alwaysDeclined = true
            self.finishPrompt(id, .success(self.outcome(.ignored(.temporaryAuthorization))))
        }
    }

    /// The app became active a while ago and no authorization callback came: the upgrade prompt was
    /// answered "Keep Only While Using", which changes nothing and sends nothing.
    func promptSettled(_ id: Int) {
        guard let pending = prompt, pending.id == id, pending.kind == .alwaysUpgrade else { return }
        authorizationMayHaveChanged()
        guard let still = prompt, still.id == id else { return }
        alwaysDeclined = current.status == .authorizedWhenInUse
        finishPrompt(id, .success(outcome(.answered(.keepWhileUsing))))
    }

    /// Resumes the pending prompt's continuation, once, if it is still the one with this identifier.
    func finishPrompt(_ id: Int, _ result: Result<AuthorizationOutcome, any Error>) {
        guard let pending = prompt, pending.id == id else { return }
        prompt = nil
        appearanceTimer?.cancel()
        appearanceTimer = nil
        pending.continuation.resume(with: result)
        refreshDiagnostics()
    }

    /// What the person answered, as far as the new authorization tells.
    ///
    /// iOS does not tell Allow Once from Allow While Using App (both read `.authorizedWhenInUse`);
    /// the adapter reports `allowWhileUsing`, which is what the app sees.
    func answer(to pending: PendingPrompt, now: Authorization) -> PromptAnswer {
        let precise = now.accuracy == .fullAccuracy
        switch pending.kind {
        case .alwaysUpgrade:
            return now.status == .authorizedAlways ? .changeToAlways : .keepWhileUsing
        case .whenInUse, .temporaryFullAccuracy:
            return now.status.isAuthorized ? .allowWhileUsing(precise: precise) : .dontAllow
        }
    }

    /// Resumes a one-shot location request once, if it is still pending.
    func finishLocationRequest(_ id: Int, _ result: Result<Location, any Error>) {
        guard let request = locationRequests.removeValue(forKey: id) else { return }
        request.continuation.resume(with: result)
    }

    /// A function that returns the time since it was made, on the adapter's clock.
    func stopwatch() -> @MainActor @Sendable () -> Duration {
        func start<C: Clock<Duration>>(_ clock: C) -> @MainActor @Sendable () -> Duration {
            let started = clock.now
            return { started.duration(to: clock.now) }
        }
        return start(clock)
    }
}

/// A pending ``CoreLocationAdapter/requestLocation()``.
struct LocationRequest {
    /// Where the location goes.
    let continuation: CheckedContinuation<Location, any Error>
    /// The time since the request.
    let elapsed: @MainActor @Sendable () -> Duration
}
