/// The requests an app makes, each decided at once and completed promptly (rule 0).
extension AuthorizationEngine {
    /// A request the engine decides; see ``submit(_:)``.
    package enum Request: Hashable, Sendable {
        case whenInUse
        case always
        case temporaryFullAccuracy(purposeKey: String)
        case location
    }

    /// Asks for When In Use authorization (rules 1–3).
    ///
    /// Shows the when-in-use prompt only while the status is `.notDetermined`, the app is in
    /// the foreground and `NSLocationWhenInUseUsageDescription` is declared; otherwise it shows
    /// nothing and returns at once, saying why.
    ///
    /// - Returns: The status after the request and how it ended.
    /// - Throws: ``LocationError`` ``LocationError/Code/missingUsageDescription`` when the key
    ///   is missing (the status stays `.notDetermined`).
    public func requestWhenInUseAuthorization() async throws -> AuthorizationOutcome {
        await prepare()
        return try await authorizationResult(submit(.whenInUse))
    }

    /// Asks for Always authorization (rule 4).
    ///
    /// From `.notDetermined` it shows the when-in-use prompt, and Allow While Using App gives
    /// provisional Always. From `.authorizedWhenInUse` it shows the upgrade prompt, once per
    /// install; later asks complete at once with ``IgnoredReason/alwaysAlreadyRequested``.
    ///
    /// - Returns: The status after the request and how it ended.
    /// - Throws: ``LocationError`` ``LocationError/Code/missingUsageDescription`` naming both
    ///   keys Always needs, when either is missing.
    public func requestAlwaysAuthorization() async throws -> AuthorizationOutcome {
        await prepare()
        return try await authorizationResult(submit(.always))
    }

    /// Asks for temporary full accuracy for one purpose (rule 5).
    ///
    /// Already full: returns `.fullAccuracy` at once. A decline is not an error: the outcome's
    /// accuracy is `.reducedAccuracy`. The grant ends when the app stops being in use.
    ///
    /// - Parameter purposeKey: A key of `NSLocationTemporaryUsageDescriptionDictionary`.
    /// - Returns: The accuracy after the request and how it ended.
    /// - Throws: ``LocationError`` ``LocationError/Code/notAuthorized`` without an authorized
    ///   status; ``LocationError/Code/missingTemporaryPurposeKey`` when the key is not declared.
    public func requestTemporaryFullAccuracy(purposeKey: String) async throws -> AccuracyOutcome {
        await prepare()
        let completed = await result(of: submit(.temporaryFullAccuracy(purposeKey: purposeKey)))
        switch completed {
        case .success(.accuracy(let outcome)): return outcome
        case .failure(let error): throw error
        default: preconditionFailure("a temporary full accuracy request completed with another kind of result")
        }
    }

    /// Asks for one location, as `CLLocationManager.requestLocation()`.
    ///
    /// Waits for the next fix the app may receive (approximate under reduced accuracy), at most
    /// ``Options/locationTimeout`` on the engine's clock.
    ///
    /// - Returns: The location.
    /// - Throws: ``LocationError`` ``LocationError/Code/notAuthorized`` at once without an
    ///   authorized status, ``LocationError/Code/notInUse`` in the background without the right
    ///   to receive fixes, ``LocationError/Code/locationUnavailable`` when no fix came in time.
    public func requestLocation() async throws -> Location {
        await prepare()
        let ticket = submit(.location)
        let completed = await withTaskCancellationHandler {
            await result(of: ticket)
        } onCancel: {
            Task { await self.cancelLocationRequest(ticket) }
        }
        switch completed {
        case .success(.location(let location)): return location
        case .failure(let error): throw error
        default: preconditionFailure("a location request completed with another kind of result")
        }
    }

    private func authorizationResult(_ ticket: Int) async throws -> AuthorizationOutcome {
        switch await result(of: ticket) {
        case .success(.authorization(let outcome)): return outcome
        case .failure(let error): throw error
        default: preconditionFailure("an authorization request completed with another kind of result")
        }
    }

    /// Decides a request now and returns its ticket; the prompt, if one is due, is on screen
    /// when this returns. Collect the result with ``result(of:)``.
    package func submit(_ request: Request) -> Int {
        let ticket = nextTicket
        nextTicket += 1
        switch request {
        case .whenInUse: decideWhenInUse(ticket)
        case .always: decideAlways(ticket)
        case .temporaryFullAccuracy(let key): decideTemporaryFullAccuracy(ticket, purposeKey: key)
        case .location: decideLocation(ticket)
        }
        return ticket
    }

    /// Whether a ticket's result is ready.
    package func isFinished(_ ticket: Int) -> Bool {
        finishedTickets[ticket] != nil
    }

    /// The result of a ticket, waiting for it if needed. Each ticket's result is taken once.
    package func result(of ticket: Int) async -> Result<RequestResult, LocationError> {
        if let ready = finishedTickets.removeValue(forKey: ticket) { return ready }
        return await withCheckedContinuation { continuation in
            ticketWaiters[ticket] = continuation
        }
    }

    func finish(_ ticket: Int, _ result: Result<RequestResult, LocationError>) {
        if let waiter = ticketWaiters.removeValue(forKey: ticket) {
            waiter.resume(returning: result)
        } else {
            finishedTickets[ticket] = result
        }
    }

    func finishAuthorization(_ ticket: Int, _ resolution: RequestResolution) {
        let now = currentAuthorization
        finish(
            ticket,
            .success(
                .authorization(
                    AuthorizationOutcome(
                        status: now.status,
                        accuracy: now.accuracy,
                        resolution: resolution
                    )
                )
            )
        )
    }

    private func decideWhenInUse(_ ticket: Int) {
        let now = currentAuthorization
        if !device.servicesEnabled { return finishAuthorization(ticket, .ignored(.servicesDisabled)) }
        if device.restricted { return finishAuthorization(ticket, .ignored(.restricted)) }
        guard now.status == .notDetermined else { return finishAuthorization(ticket, .alreadyDetermined) }
        guard let message = declarations.whenInUse else {
            return finish(ticket, .failure(.missingUsageDescription([UsageDescriptions.whenInUseKey])))
        }
        if presentedPrompt != nil { return finishAuthorization(ticket, .ignored(.requestInProgress)) }
        guard appState == .foreground else { return finishAuthorization(ticket, .ignored(.notInForeground)) }
        present(.whenInUse, message: message, ticket: ticket, forAlways: false)
    }

    private func decideAlways(_ ticket: Int) {
        let now = currentAuthorization
        if !device.servicesEnabled { return finishAuthorization(ticket, .ignored(.servicesDisabled)) }
        if device.restricted { return finishAuthorization(ticket, .ignored(.restricted)) }
        switch now.status {
        case .notDetermined, .authorizedWhenInUse:
            break
        default:
            return finishAuthorization(ticket, .alreadyDetermined)
        }
        if now.status == .authorizedWhenInUse && allowOnce {
            alwaysDenied = true
            stateDidChange()
            return finishAuthorization(ticket, .ignored(.temporaryAuthorization))
        }
        let missing = [
            declarations.always == nil ? UsageDescriptions.alwaysKey : nil,
            declarations.whenInUse == nil ? UsageDescriptions.whenInUseKey : nil,
        ].compactMap { $0 }
        guard missing.isEmpty, let whenInUse = declarations.whenInUse, let always = declarations.always else {
            return finish(ticket, .failure(.missingUsageDescription(missing)))
        }
        if now.status == .authorizedWhenInUse && grant.alwaysPromptShown {
            alwaysDenied = true
            stateDidChange()
            return finishAuthorization(ticket, .ignored(.alwaysAlreadyRequested))
        }
        if presentedPrompt != nil { return finishAuthorization(ticket, .ignored(.requestInProgress)) }
        guard appState == .foreground else { return finishAuthorization(ticket, .ignored(.notInForeground)) }
        if now.status == .notDetermined {
            present(.whenInUse, message: whenInUse, ticket: ticket, forAlways: true)
        } else {
            present(.alwaysUpgrade, message: always, ticket: ticket, forAlways: true)
        }
    }

    private func decideTemporaryFullAccuracy(_ ticket: Int, purposeKey: String) {
        let now = currentAuthorization
        func done(_ resolution: RequestResolution) {
            finish(
                ticket,
                .success(
                    .accuracy(
                        AccuracyOutcome(
                            accuracy: currentAuthorization.accuracy,
                            resolution: resolution
                        )
                    )
                )
            )
        }
        guard now.status.isAuthorized else {
            return finish(ticket, .failure(.notAuthorized(now.status, servicesEnabled: now.servicesEnabled)))
        }
        if now.accuracy == .fullAccuracy { return done(.alreadyDetermined) }
        guard let message = declarations.temporaryPurposes[purposeKey] else {
            return finish(
                ticket,
                .failure(
                    .missingTemporaryPurposeKey(
                        purposeKey,
                        declared: Array(declarations.temporaryPurposes.keys)
                    )
                )
            )
        }
        if presentedPrompt != nil { return done(.ignored(.requestInProgress)) }
        guard appState == .foreground else { return done(.ignored(.notInForeground)) }
        present(.temporaryFullAccuracy, message: message, purposeKey: purposeKey, ticket: ticket, forAlways: false)
    }

    private func decideLocation(_ ticket: Int) {
        let now = currentAuthorization
        guard now.status.isAuthorized else {
            return finish(ticket, .failure(.notAuthorized(now.status, servicesEnabled: now.servicesEnabled)))
        }
        guard mayDeliverLocations else { return finish(ticket, .failure(.notInUse)) }
        locationRequests[ticket] = elapsed() + options.locationTimeout
        sourceExhausted = false
        let clock = clock
        let timeout = options.locationTimeout
        Task {
            try? await clock.sleep(for: timeout)
            self.fireDueTimers()
        }
        updateDemand()
    }

    func cancelLocationRequest(_ ticket: Int) {
        guard locationRequests.removeValue(forKey: ticket) != nil else { return }
        finish(ticket, .failure(.cancelled))
        updateDemand()
    }

    func failLocationRequests(_ error: LocationError) {
        let tickets = locationRequests.keys.sorted()
        locationRequests.removeAll()
        for ticket in tickets { finish(ticket, .failure(error)) }
    }
}
