import Foundation

/// Subscribers, the source, and the filter every fix goes through.
extension AuthorizationEngine {
    /// A stream of the app's authorization: the current value at once (rule 0), then each change.
    ///
    /// - Returns: The stream; cancelling it unsubscribes.
    public func authorizationUpdates() async -> AsyncStream<Authorization> {
        await prepare()
        let (stream, continuation) = AsyncStream<Authorization>.makeStream()
        let id = nextSubscriberID
        nextSubscriberID += 1
        authorizationContinuations[id] = continuation
        continuation.yield(currentAuthorization)
        continuation.onTermination = { _ in Task { await self.removeAuthorizationSubscriber(id) } }
        return stream
    }

    /// A stream of delegate events: `.didChangeAuthorization` with the current value at once,
    /// then every event in order.
    ///
    /// - Returns: The stream; cancelling it unsubscribes.
    public func events() async -> AsyncStream<LocationEvent> {
        await prepare()
        let (stream, continuation) = AsyncStream<LocationEvent>.makeStream()
        let id = nextSubscriberID
        nextSubscriberID += 1
        eventContinuations[id] = continuation
        continuation.yield(.didChangeAuthorization(currentAuthorization))
        continuation.onTermination = { _ in Task { await self.removeEventSubscriber(id) } }
        return stream
    }

    /// Live location updates, as iOS 18's `CLLocationUpdate.liveUpdates()`.
    ///
    /// The first update carries no location and the diagnostics that hold; then each fix the
    /// app may receive, and an update without a location whenever the diagnostics or the
    /// authorization change. The stream ends when the source ends or the app terminates.
    /// Cancelling it stops the source's work when nothing else needs it.
    ///
    /// - Returns: The stream.
    public func liveUpdates() async -> AsyncThrowingStream<LocationUpdate, any Error> {
        await prepare()
        let (stream, continuation) = AsyncThrowingStream<LocationUpdate, any Error>.makeStream()
        let id = addSubscriber(
            receive: { continuation.yield($0) },
            finish: { continuation.finish(throwing: $0) }
        )
        continuation.onTermination = { _ in Task { await self.removeSubscriber(id) } }
        return stream
    }

    /// Registers a subscriber that receives updates synchronously, in the engine's order.
    package func addSubscriber(
        receive: @escaping @Sendable (LocationUpdate) -> Void,
        finish: @escaping @Sendable ((any Error)?) -> Void
    ) -> Int {
        let id = nextSubscriberID
        nextSubscriberID += 1
        subscribers[id] = Subscriber(receive: receive, finish: finish, lastState: nil)
        sourceExhausted = false
        if subscribers.count == 1 { lastFixAt = elapsed() }
        stateDidChange()
        return id
    }

    package func removeSubscriber(_ id: Int) {
        guard subscribers.removeValue(forKey: id) != nil else { return }
        stateDidChange()
    }

    func removeAuthorizationSubscriber(_ id: Int) { authorizationContinuations[id] = nil }
    func removeEventSubscriber(_ id: Int) { eventContinuations[id] = nil }

    /// Uses this source for fixes from now on (replacing any other).
    ///
    /// - Parameter source: Where raw fixes come from.
    public func attach(_ source: any LocationSource) {
        attach(source, key: nil)
    }

    func attach(_ source: any LocationSource, key: ObjectIdentifier?) {
        if let key, key == sourceKey { return }
        pump?.cancel()
        pump = nil
        pumpGeneration += 1
        self.source = source
        sourceKey = key
        sourceExhausted = false
        updateDemand()
    }

    var hasLocationConsumers: Bool { !subscribers.isEmpty || !locationRequests.isEmpty }

    var needsSource: Bool { hasLocationConsumers || !regions.isEmpty || visitsActive || headingActive }

    func updateDemand() {
        if needsSource, pump == nil, !sourceExhausted, let source {
            pumpGeneration += 1
            let generation = pumpGeneration
            lastFixAt = elapsed()
            let stream = source.events()
            pump = Task {
                do {
                    for try await event in stream { self.receive(event, generation: generation) }
                    self.sourceEnded(generation, error: nil)
                } catch {
                    self.sourceEnded(generation, error: error)
                }
            }
        } else if !needsSource, let running = pump {
            running.cancel()
            pump = nil
            pumpGeneration += 1
        }
        if !subscribers.isEmpty, watchdog == nil {
            let clock = clock
            let interval = options.unavailableAfter
            watchdog = Task {
                while !Task.isCancelled {
                    do { try await clock.sleep(for: interval) } catch { return }
                    self.fireDueTimers()
                }
            }
        } else if subscribers.isEmpty, let running = watchdog {
            running.cancel()
            watchdog = nil
        }
    }

    private func receive(_ event: SourceEvent, generation: Int) {
        guard generation == pumpGeneration else { return }
        ingest(event)
    }

    private func sourceEnded(_ generation: Int, error: (any Error)?) {
        guard generation == pumpGeneration else { return }
        pump = nil
        sourceExhausted = true
        let failure = error.map { ($0 as? LocationError) ?? .sourceFailed(String(describing: $0)) }
        if let failure { broadcast(.didFailWithError(failure)) }
        failLocationRequests(failure ?? .locationUnavailable(after: 0))
        let ended = subscribers
        subscribers.removeAll()
        for subscriber in ended.values { subscriber.finish(failure) }
        stateDidChange()
    }

    /// Fires every time limit that has passed on the engine's clock: one-shot requests that
    /// waited too long, and live updates without a fix for ``Options/unavailableAfter``.
    package func fireDueTimers() {
        let now = elapsed()
        for (ticket, deadline) in locationRequests.sorted(by: { $0.key < $1.key }) where now >= deadline {
            locationRequests[ticket] = nil
            finish(ticket, .failure(.locationUnavailable(after: options.locationTimeout / .seconds(1))))
        }
        if !subscribers.isEmpty, !noFixTimedOut, currentAuthorization.status.isAuthorized,
            now - lastFixAt >= options.unavailableAfter
        {
            noFixTimedOut = true
            broadcast(.didFailWithError(.locationUnavailable(after: options.unavailableAfter / .seconds(1))))
            refreshDiagnostics()
        }
        updateDemand()
    }

    /// Feeds one event from a source, as the GPS hands it to the OS. The engine's own source
    /// calls this; call it directly to drive the engine by hand.
    ///
    /// - Parameter event: A raw fix, a heading, or the source's unavailability.
    public func ingest(_ event: SourceEvent) {
        switch event {
        case .location(let raw):
            ingestFix(raw)
        case .heading(let heading):
            guard headingActive, policy.isInUse else { return }
            var delivered = heading
            if !currentAuthorization.status.isAuthorized { delivered.trueHeading = nil }
            broadcast(.didUpdateHeading(delivered))
        case .unavailable(let reason):
            guard sourceProblem != reason else { return }
            sourceProblem = reason
            if hasLocationConsumers { broadcast(.didFailWithError(.sourceFailed(reason))) }
            refreshDiagnostics()
        }
    }

    private func ingestFix(_ raw: Location) {
        lastFixAt = elapsed()
        lastRawFix = raw
        var changed = false
        if sourceProblem != nil || noFixTimedOut {
            sourceProblem = nil
            noFixTimedOut = false
            changed = true
        }
        if trackStillness(raw) { changed = true }
        monitorRegions(raw)
        guard hasLocationConsumers, policy.mayDeliverLocations else {
            if changed { refreshDiagnostics() }
            return
        }
        let now = currentAuthorization
        let precise = now.accuracy == .fullAccuracy
        let location = precise ? raw : coarsener.coarsen(raw)
        if let location {
            deliveredCount += 1
            lastDelivered = location
            lastDeliveredPrecise = precise
            let diagnostics = currentDiagnostics()
            let update = LocationUpdate(location: location, diagnostics: diagnostics, authorization: now)
            for id in subscribers.keys.sorted() {
                subscribers[id]?.lastState = SubscriberState(diagnostics: diagnostics, authorization: now)
                subscribers[id]?.receive(update)
            }
            broadcast(.didUpdateLocations([location]))
        } else if changed {
            refreshDiagnostics()
        }
        if !locationRequests.isEmpty, let answer = location ?? coarsener.current {
            if location == nil {
                deliveredCount += 1
                lastDelivered = answer
                lastDeliveredPrecise = precise
            }
            let tickets = locationRequests.keys.sorted()
            locationRequests.removeAll()
            for ticket in tickets { finish(ticket, .success(.location(answer))) }
            updateDemand()
        }
    }

    /// Sends an update without a location to each subscriber whose view of the diagnostics or
    /// the authorization is out of date.
    func refreshDiagnostics() {
        guard !subscribers.isEmpty else { return }
        let state = SubscriberState(diagnostics: currentDiagnostics(), authorization: currentAuthorization)
        for id in subscribers.keys.sorted() where subscribers[id]?.lastState != state {
            subscribers[id]?.lastState = state
            subscribers[id]?.receive(
                LocationUpdate(
                    location: nil,
                    diagnostics: state.diagnostics,
                    authorization: state.authorization
                )
            )
        }
    }

    /// The diagnostics that hold now (rule 10).
    func currentDiagnostics() -> Set<Diagnostic> {
        policy.diagnostics(locationUnavailable: sourceProblem != nil || noFixTimedOut, stationary: isStationary)
    }

    func authorizationDidChange(_ now: Authorization) {
        if !now.status.isAuthorized {
            failLocationRequests(.notAuthorized(now.status, servicesEnabled: now.servicesEnabled))
        }
        if !regions.isEmpty && (!now.status.isAuthorized || now.accuracy == .reducedAccuracy) {
            regions.removeAll()
            broadcast(.didFailWithError(.regionMonitoringEnded(by: now)))
        }
    }
}

/// What a subscriber was last told.
struct SubscriberState: Hashable, Sendable {
    var diagnostics: Set<Diagnostic>
    var authorization: Authorization
}
