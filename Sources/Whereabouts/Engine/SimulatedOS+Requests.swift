/// The requests an app makes, each decided at once and completed promptly (rule 0).
extension SimulatedOS {
    /// A request the engine decides; see ``submit(_:)``.
    package enum Request: Hashable, Sendable {
        case whenInUse
        case always
        case temporaryFullAccuracy(purposeKey: String)
        case location
        /// The person taps the app's Location Button (rule 15).
        case locationButtonTap
    }

    /// Decides a request now and returns its ticket; the prompt, if one is due, is on screen
    /// when this returns. Collect the result with ``result(of:)``.
    package func submit(_ request: Request) -> Int {
        submit(request, for: nil)
    }

    /// ``submit(_:)`` for a client: a location request is answered by the client's own source.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - client: The client's source; `nil` for the engine's own.
    /// - Returns: The request's ticket.
    package func submit(_ request: Request, for client: SourceAttachment?) -> Int {
        let ticket = nextTicket
        nextTicket += 1
        switch request {
        case .whenInUse:
            start(update { $0.requestWhenInUse() }, ticket: ticket)
        case .always:
            start(update { $0.requestAlways() }, ticket: ticket)
        case .temporaryFullAccuracy(let key):
            start(update { $0.requestTemporaryFullAccuracy(purposeKey: key) }, ticket: ticket, purposeKey: key)
        case .location:
            decideLocation(ticket, key: slot(of: client))
        case .locationButtonTap:
            start(update { $0.tapLocationButton() }, ticket: ticket)
        }
        return ticket
    }

    /// Whether a ticket's result is ready.
    /// Whether a one-shot location request waits for a fix now: for runners that settle between steps (a client that
    /// asked for a fix and has no answer while this is `false` has its answer on the way).
    package var hasOutstandingLocationRequests: Bool { !locationRequests.isEmpty }

    package func isFinished(_ ticket: Int) -> Bool {
        finishedTickets[ticket] != nil
    }

    /// The result of a ticket, waiting for it if needed. Each ticket's result is taken once.
    ///
    /// Cancelling the waiting task returns ``LocationError/cancelled`` at once; the request itself stays (a
    /// prompt stays on screen, as on iOS) and its result, when it comes, is dropped.
    package func result(of ticket: Int) async -> Result<RequestResult, LocationError> {
        if let ready = finishedTickets.removeValue(forKey: ticket) { return ready }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    abandonedTickets.insert(ticket)
                    continuation.resume(returning: .failure(.cancelled))
                } else {
                    ticketWaiters[ticket] = continuation
                }
            }
        } onCancel: {
            Task { await self.abandon(ticket) }
        }
    }

    /// The task waiting for a ticket was cancelled: it returns `cancelled` now, and the ticket's result is dropped.
    private func abandon(_ ticket: Int) {
        guard let waiter = ticketWaiters.removeValue(forKey: ticket) else { return }
        abandonedTickets.insert(ticket)
        waiter.resume(returning: .failure(.cancelled))
    }

    func finish(_ ticket: Int, _ result: Result<RequestResult, LocationError>) {
        if abandonedTickets.remove(ticket) != nil { return }
        if let waiter = ticketWaiters.removeValue(forKey: ticket) {
            waiter.resume(returning: result)
        } else {
            finishedTickets[ticket] = result
        }
    }

    /// What a request returns when it completes without an error.
    enum OutcomeKind {
        /// An ``AuthorizationOutcome``.
        case authorization
        /// An ``AccuracyOutcome``.
        case accuracy
    }

    /// Completes a request with the authorization now and how it ended.
    func finish(_ ticket: Int, _ kind: OutcomeKind, _ resolution: RequestResolution) {
        let now = currentAuthorization
        switch kind {
        case .authorization:
            let outcome = AuthorizationOutcome(status: now.status, accuracy: now.accuracy, resolution: resolution)
            finish(ticket, .success(.authorization(outcome)))
        case .accuracy:
            finish(ticket, .success(.accuracy(AccuracyOutcome(accuracy: now.accuracy, resolution: resolution))))
        }
    }

    private func decideLocation(_ ticket: Int, key: SourceSlot.Key) {
        let allowed = backgroundUpdateSlots.contains(key)
        if let error = policy.locationRequestError(allowingBackgroundUpdates: allowed) {
            return finish(ticket, .failure(error))
        }
        locationRequests[ticket] = (elapsed() + options.locationTimeout, key)
        rearm(key)
        let clock = clock
        let timeout = options.locationTimeout
        Task {
            try? await clock.sleep(for: timeout)
            self.fireDueTimers()
        }
        updateDemand()
    }

    /// Withdraws a one-shot location request, as a manager does when its standard service starts or stops: its ticket
    /// completes with ``LocationError/Code/cancelled``.
    ///
    /// - Parameter ticket: The request's ticket.
    func cancelLocationRequest(_ ticket: Int) {
        guard locationRequests.removeValue(forKey: ticket) != nil else { return }
        finish(ticket, .failure(.cancelled))
        updateDemand()
    }

    /// Fails the pending one-shot requests: all of them, or those a given source serves.
    ///
    /// - Parameters:
    ///   - error: The error they throw.
    ///   - key: Whose requests; `nil` for all.
    func failLocationRequests(_ error: LocationError, of key: SourceSlot.Key? = nil) {
        let tickets = locationRequests.filter { key == nil || serving($0.value.key) == key }.keys.sorted()
        for ticket in tickets { locationRequests[ticket] = nil }
        for ticket in tickets { finish(ticket, .failure(error)) }
    }
}
