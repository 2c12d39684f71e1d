import Foundation

/// Subscribers, the source, and the filter every fix goes through.
extension SimulatedOS {
    /// A location manager's stream of delegate events: `.didChangeAuthorization` with the current value at once
    /// (rule 0), then every event in order.
    ///
    /// - Parameter withStandardFixes: Whether the standard service's fixes come as `.didUpdateLocations` events;
    ///   a location manager reads them in batches from ``liveUpdateBatches(for:capacity:)`` instead, and one-shot
    ///   answers and significant changes still come.
    /// - Returns: The stream; cancelling it unsubscribes.
    package func events(withStandardFixes: Bool) async -> AsyncStream<LocationEvent> {
        let (stream, continuation) = AsyncStream<LocationEvent>.makeStream()
        let id = nextSubscriberID
        nextSubscriberID += 1
        if withStandardFixes {
            eventContinuations[id] = continuation
        } else {
            managerEventContinuations[id] = continuation
        }
        continuation.yield(.didChangeAuthorization(currentAuthorization))
        continuation.onTermination = { _ in Task { await self.removeEventSubscriber(id) } }
        return stream
    }

    /// A location manager's live location updates, in batches, as Core Location's `didUpdateLocations` hands over
    /// an array.
    ///
    /// The first batch holds an update without a location and the diagnostics that hold; then each fix the app may
    /// receive, and an update without a location whenever the diagnostics or the authorization change. Each batch
    /// holds at least one update, in order. The stream ends when the source ends or the app terminates; cancelling
    /// it stops the source's work when nothing else needs it.
    ///
    /// The stream is bounded: at most `capacity` fixes wait for the consumer, and while they do the OS reads no more
    /// from the source, so a consumer slower than a replay holds the replay back. When a revoke, Precise off, or the
    /// app going where it may not receive fixes narrows what may be delivered, the waiting fixes the change no
    /// longer allows are dropped at once, under the queue's lock: no fix made before the change is handed out, and
    /// the update that announces the change comes next.
    ///
    /// - Parameters:
    ///   - client: The manager's source; `nil` for the OS's own.
    ///   - capacity: The most fixes that wait in this stream (at least a batch); `nil` for
    ///     ``Options/bufferedFixLimit``. A location manager holds one batch here: its client logic's queues are the
    ///     bound.
    /// - Returns: The stream of batches.
    package func liveUpdateBatches(
        for client: SourceAttachment?,
        capacity: Int? = nil
    ) async -> AsyncThrowingStream<[LocationUpdate], any Error> {
        addMailboxSubscriber(key: slot(of: client), capacity: capacity ?? options.bufferedFixLimit).batches()
    }

    /// How many fixes wait for live-updates consumers now, in all their buffers.
    package var bufferedFixes: Int {
        subscribers.values.reduce(0) { $0 + ($1.mailbox?.bufferedFixes ?? 0) }
    }

    private func addMailboxSubscriber(key: SourceSlot.Key, capacity: Int) -> UpdateMailbox {
        let id = nextSubscriberID
        let mailbox = UpdateMailbox(
            capacity: capacity,
            batchLimit: Self.batchLimit,
            onClose: { Task { await self.removeSubscriber(id) } }
        )
        mailbox.restrict(to: allowance(for: key))
        let added = addSubscriber(
            mailbox: mailbox,
            key: key,
            receive: { mailbox.post($0, precise: false) },
            finish: { mailbox.finish(throwing: $0) }
        )
        assert(added == id)
        return mailbox
    }

    /// The most events ingested and handed over at once: the sources' `preferredBatchSize`.
    static var batchLimit: Int { 256 }

    /// Registers a subscriber that receives updates synchronously, in the engine's order.
    package func addSubscriber(
        receive: @escaping @Sendable (LocationUpdate) -> Void,
        finish: @escaping @Sendable ((any Error)?) -> Void
    ) -> Int {
        addSubscriber(mailbox: nil, key: .engine, receive: receive, finish: finish)
    }

    private func addSubscriber(
        mailbox: UpdateMailbox?,
        key: SourceSlot.Key,
        receive: @escaping @Sendable (LocationUpdate) -> Void,
        finish: @escaping @Sendable ((any Error)?) -> Void
    ) -> Int {
        let id = nextSubscriberID
        nextSubscriberID += 1
        guard policy.platform.rules.liveUpdates else {
            // tvOS: no live updates, only one-shot requests; the consumer hears why at once.
            finish(LocationError.liveUpdatesUnavailable)
            return id
        }
        subscribers[id] = Subscriber(mailbox: mailbox, receive: receive, finish: finish, key: key, lastState: nil)
        rearm(key)
        resume(key)
        if subscribers.count == 1 { lastFixAt = elapsed() }
        stateDidChange()
        return id
    }

    package func removeSubscriber(_ id: Int) {
        guard subscribers.removeValue(forKey: id) != nil else { return }
        stateDidChange()
    }

    func removeEventSubscriber(_ id: Int) {
        eventContinuations[id] = nil
        managerEventContinuations[id] = nil
    }

    /// Uses this source for fixes from now on (replacing the engine's own source, if any).
    ///
    /// The engine's public methods use this source. A ``LocationClient/simulated(os:source:)`` client
    /// brings its own, which feeds only that client's consumers.
    ///
    /// - Parameter source: Where raw fixes come from.
    package func attach(_ source: any LocationSource) {
        slots[.engine]?.pump?.cancel()
        slots[.engine] = SourceSlot(source: source, owner: nil)
        updateDemand()
    }

    /// The slot of a client's source (registered the first time the client needs one), or the engine's own.
    ///
    /// - Parameter attachment: The client's source; `nil` for the engine's own.
    /// - Returns: The slot's key.
    func slot(of attachment: SourceAttachment?) -> SourceSlot.Key {
        guard let attachment else { return .engine }
        let key = SourceSlot.Key.client(ObjectIdentifier(attachment))
        if slots[key] == nil {
            slots[key] = SourceSlot(source: attachment.source, owner: attachment)
        }
        return key
    }

    /// The slot that serves consumers of this key: the engine's own consumers use the engine's source, or, when
    /// none was attached, the first client's (an engine driven both directly and through one client).
    func serving(_ key: SourceSlot.Key) -> SourceSlot.Key {
        guard key == .engine, slots[.engine] == nil else { return key }
        if let firstClientKey { return firstClientKey }
        guard let first = firstClient.current else { return key }
        let registered = slot(of: first)
        firstClientKey = registered
        return registered
    }

    /// Records a client made on this engine: the first one's source serves the engine's own consumers (an engine
    /// driven both directly and through one client) while the engine has no source of its own.
    ///
    /// - Parameter client: The client's source.
    package nonisolated func adopt(_ client: SourceAttachment) {
        firstClient.update { first in if first == nil { first = client } }
    }

    /// Lets an ended source start again, for a new consumer.
    func rearm(_ key: SourceSlot.Key) {
        slots[key]?.exhausted = false
    }

    var hasLocationConsumers: Bool { hasStandardConsumers || !locationRequests.isEmpty }

    var isMonitoring: Bool {
        !regions.isEmpty || visitsActive || headingActive || significantChangesActive || monitors.circularCount > 0
    }

    /// Whether this source's fixes are needed: by its consumers, or by the monitors it feeds.
    func needs(_ key: SourceSlot.Key) -> Bool {
        subscribers.values.contains { serving($0.key) == key }
            || updatingLocation.contains { serving($0) == key }
            || locationRequests.values.contains { serving($0.key) == key }
            || (serving(monitorKey) == key && isMonitoring)
            || feedsSessionRelaunch(key)
    }

    func updateDemand() {
        if firstClientKey == nil, slots[.engine] == nil, let first = firstClient.current {
            firstClientKey = slot(of: first)
        }
        for key in slots.keys {
            guard var slot = slots[key] else { continue }
            let needed = needs(key)
            if needed, slot.pump == nil, !slot.exhausted {
                slot.generation += 1
                let generation = slot.generation
                lastFixAt = elapsed()
                let batches = slot.source.eventBatches()
                slot.pump = Task {
                    do {
                        pumping: for try await batch in batches {
                            // A longer batch than the engine takes at once is taken in parts, each when it fits.
                            var start = batch.startIndex
                            while start < batch.endIndex {
                                let end = min(start + Self.batchLimit, batch.endIndex)
                                let full = self.receive(batch[start..<end], from: key, generation: generation)
                                guard let full else { break pumping }
                                // While a consumer has no room, wait for it; otherwise give the thread back once a
                                // batch. A source that never waits, whose fixes all go out (or are all dropped, after
                                // a revoke), would keep its thread until it ends, and a few such pumps would hold
                                // every thread of the cooperative pool.
                                if full.isEmpty {
                                    await Task.yield()
                                } else {
                                    for mailbox in full { await mailbox.waitForRoom() }
                                }
                                start = end
                            }
                        }
                        self.sourceEnded(key, generation, error: nil)
                    } catch {
                        self.sourceEnded(key, generation, error: error)
                    }
                }
            } else if !needed, let running = slot.pump {
                running.cancel()
                slot.pump = nil
                slot.generation += 1
            }
            slots[key] = slot
        }
        if !hasStandardConsumers {
            lastStandardFix = nil
            otherStandardFixes.removeAll()
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

    /// Ingests one batch from a slot's pump; returns the mailboxes the pump must wait for before the next batch,
    /// or `nil` when the pump is stale.
    private func receive(
        _ batch: ArraySlice<SourceEvent>,
        from key: SourceSlot.Key,
        generation: Int
    ) -> [UpdateMailbox]? {
        guard generation == slots[key]?.generation else { return nil }
        ingest(batch, from: key)
        return subscribers.values.compactMap { subscriber in
            guard let mailbox = subscriber.mailbox, serving(subscriber.key) == key, mailbox.isFull else { return nil }
            return mailbox
        }
    }

    private func sourceEnded(_ key: SourceSlot.Key, _ generation: Int, error: (any Error)?) {
        guard generation == slots[key]?.generation else { return }
        slots[key]?.pump = nil
        slots[key]?.exhausted = true
        let failure = error.map { ($0 as? LocationError) ?? .sourceFailed(String(describing: $0)) }
        if let failure { broadcast(.didFailWithError(failure)) }
        failLocationRequests(failure ?? .locationUnavailable(after: 0), of: key)
        let ended = subscribers.filter { serving($0.value.key) == key }
        for id in ended.keys { subscribers[id] = nil }
        for subscriber in ended.values { subscriber.finish(failure) }
        stateDidChange()
    }

    /// Fires every time limit that has passed on the engine's clock: one-shot requests that
    /// waited too long, and live updates without a fix for ``Options/unavailableAfter``.
    package func fireDueTimers() {
        let now = elapsed()
        for (ticket, request) in locationRequests.sorted(by: { $0.key < $1.key }) where now >= request.deadline {
            locationRequests[ticket] = nil
            finish(ticket, .failure(.locationUnavailable(after: options.locationTimeout / .seconds(1))))
        }
        if !subscribers.isEmpty, !noFixTimedOut, currentAuthorization.status.isAuthorized,
            now - lastFixAt >= options.unavailableAfter
        {
            noFixTimedOut = true
            // Only the managers whose updates went without a fix hear it (and the engine's own observers): another
            // manager's one-shot request keeps its own time limit, which this error would otherwise end at once.
            let event = LocationEvent.didFailWithError(
                .locationUnavailable(after: options.unavailableAfter / .seconds(1))
            )
            for continuation in eventContinuations.values { continuation.yield(event) }
            for key in standardConsumerKeys {
                if key == .engine { for continuation in managerEventContinuations.values { continuation.yield(event) } }
                for entry in slotEventContinuations.values where entry.key == key { entry.continuation.yield(event) }
            }
            refreshDiagnostics()
        }
        expireLaunchWindowIfDue()
        updateDemand()
    }

    /// Feeds one event from a source, as the GPS hands it to the OS, to every consumer. The sources
    /// call this; call it directly to drive the engine by hand.
    ///
    /// - Parameter event: A raw fix, a heading, or the source's unavailability.
    package func ingest(_ event: SourceEvent) {
        ingest([event][...], from: nil)
    }

    /// Feeds events from a source, in order, as one batch: the fixes the app may receive reach each
    /// live-updates consumer together, and the rules that cannot change within the batch are read once.
    ///
    /// - Parameter events: Raw fixes, headings, or the source's unavailability.
    package func ingest(_ events: [SourceEvent]) {
        ingest(events[...], from: nil)
    }

    /// Feeds a batch from one source: its fixes go to that source's consumers (`nil`: to all).
    ///
    /// The clock is read once per batch (the batch is ingested in one go on the actor, so every fix of it
    /// arrives at the same moment), and the diagnostics are computed once unless a fix changes them.
    private func ingest(_ events: ArraySlice<SourceEvent>, from key: SourceSlot.Key?) {
        batchDiagnostics = nil
        defer {
            flushOutgoing()
            refreshLastKnown()
            batchDiagnostics = nil
        }
        var rules: BatchRules?
        for event in events {
            if case .location(let raw) = event {
                let batch = rules ?? batchRules(from: key, expecting: events.count)
                rules = batch
                ingestFix(raw, from: key, rules: batch)
            } else {
                ingest(event, from: key)
            }
        }
    }

    /// What holds for every fix of a batch: nothing else runs on the actor while the batch is ingested, and a fix
    /// changes none of it (the grant, the app's state, the settings and the monitors' source stay as they are).
    struct BatchRules {
        /// When the batch arrived on the engine's clock.
        let arrival: Duration
        /// Whether fixes may reach the app.
        let mayDeliver: Bool
        /// Whether the fixes the app receives are precise.
        let precise: Bool
        /// The authorization the updates carry.
        let authorization: Authorization
        /// The distance filter, in metres, if any.
        let distanceFilter: Double?
        /// Whether the batch's source also feeds significant-change monitoring.
        let feedsMonitors: Bool
    }

    /// Reads the rules of a batch from one source, once, and makes room for its live updates.
    private func batchRules(from key: SourceSlot.Key?, expecting count: Int) -> BatchRules {
        if outgoing.isEmpty { outgoing.reserveCapacity(min(count, Self.batchLimit)) }
        let policy = policy
        // The manager whose source this is decides how precise its fixes are and how far apart; a batch ingested by
        // hand follows the manager whose source serves the engine's own consumers.
        let properties = deliveryProperties(for: key ?? serving(.engine))
        if key != lastStandardKey {
            otherStandardFixes[lastStandardKey] = lastStandardFix
            lastStandardFix = otherStandardFixes.removeValue(forKey: key)
            lastStandardKey = key
        }
        return BatchRules(
            arrival: elapsed(),
            mayDeliver: mayDeliverLocations(for: key),
            precise: policy.isPrecise && properties.desiredAccuracy != .reduced,
            authorization: currentAuthorization,
            distanceFilter: properties.distanceFilter,
            feedsMonitors: key == nil || key == serving(monitorKey)
        )
    }

    /// Feeds one event other than a fix from one source.
    private func ingest(_ event: SourceEvent, from key: SourceSlot.Key?) {
        switch event {
        case .location(let raw):
            ingestFix(raw, from: key, rules: batchRules(from: key, expecting: 1))
        case .heading(let heading):
            // A device without a compass (a Mac) gives no heading, whatever its source has.
            guard headingActive, policy.platform.rules.compass, let delivered = policy.deliverable(heading) else {
                return
            }
            deliverHeading(delivered)
        case .unavailable(let reason):
            guard sourceProblem != reason else { return }
            sourceProblem = reason
            if hasLocationConsumers { broadcast(.didFailWithError(.sourceFailed(reason))) }
            refreshDiagnostics()
        }
    }

    private func ingestFix(_ raw: Location, from key: SourceSlot.Key?, rules: BatchRules) {
        if policy.appState == .notRunning { relaunchForSessionIfDue(fixFrom: key) }
        lastFixAt = rules.arrival
        lastRawFix = raw
        rawFixNumber += 1
        var changed = false
        if sourceProblem != nil || noFixTimedOut {
            sourceProblem = nil
            noFixTimedOut = false
            changed = true
        }
        if trackStillness(raw) { changed = true }
        if changed { batchDiagnostics = nil }
        monitorRegions(raw)
        monitorConditions(raw)
        let deliveredBefore = deliveredCount
        if rules.feedsMonitors, deliverSignificantChange(raw) { countLatestFix() }
        let counted = deliveredCount > deliveredBefore
        guard hasLocationConsumers, rules.mayDeliver else {
            if changed { refreshDiagnostics() }
            return
        }
        let now = rules.authorization
        let precise = rules.precise
        // The standard service (live updates, startUpdatingLocation): not while paused, and through the
        // distance filter.
        let standard =
            hasStandardConsumers && !policy.updatesEndedByPause && !isPaused(forFixFrom: key)
            && LocationPolicy.passesDistanceFilter(raw, since: lastStandardFix, filter: rules.distanceFilter)
        let location = standard ? (precise ? raw : coarsener.coarsen(raw)) : nil
        if let location {
            if !counted { countLatestFix() }
            lastStandardFix = raw
            recordDelivery(location, precise: precise)
            let diagnostics = batchDiagnostics ?? currentDiagnostics()
            batchDiagnostics = diagnostics
            if outgoingKey != key || outgoingPrecise != precise { flushOutgoing() }
            outgoingKey = key
            outgoingPrecise = precise
            outgoing.append(LocationUpdate(location: location, diagnostics: diagnostics, authorization: now))
            if !eventContinuations.isEmpty, !pausedSlots.contains(.engine) {
                broadcast(.didUpdateLocations([location]), standardFix: true)
            }
        } else if changed {
            refreshDiagnostics()
        }
        // One-shot requests: the next fix the app may receive, whatever the filters and pauses.
        guard !locationRequests.isEmpty else { return }
        let tickets = locationRequests.filter { key == nil || serving($0.value.key) == key }.keys.sorted()
        let answer: Location? =
            if tickets.isEmpty { nil } else if let location { location } else if precise { raw } else if standard {
                coarsener.current
            } else {
                coarsener.coarsen(raw) ?? coarsener.current
            }
        if let answer {
            if location == nil {
                // iOS answers requestLocation() through the delegate's didUpdateLocations, as any fix; a fix that
                // the standard service or significant-change monitoring delivered above was announced there already.
                let announced = deliveredCount > deliveredBefore
                if !announced { countLatestFix() }
                recordDelivery(answer, precise: precise)
                if !announced && !eventContinuations.isEmpty { broadcast(.didUpdateLocations([answer])) }
            }
            for ticket in tickets { locationRequests[ticket] = nil }
            for ticket in tickets { finish(ticket, .success(.location(answer))) }
            updateDemand()
        }
    }

    /// Whether the standard location service has a consumer: live updates, or a client that started updating.
    var hasStandardConsumers: Bool { !subscribers.isEmpty || !updatingLocation.isEmpty }

    /// Hands the live updates of the batch so far to their subscribers: to a mailbox at once, to a synchronous
    /// subscriber one by one.
    func flushOutgoing() {
        guard let last = outgoing.last else { return }
        let key = outgoingKey
        // Handed over whole: every mailbox keeps this array as it is, and hands it on without a copy.
        let updates = outgoing
        outgoing = []
        let precise = outgoingPrecise
        let state = SubscriberState(diagnostics: last.diagnostics, authorization: last.authorization)
        for id in subscribers.keys.sorted() {
            guard let subscriber = subscribers[id], key == nil || serving(subscriber.key) == key,
                pausedSlots.isEmpty || !pausedSlots.contains(subscriber.key)
            else { continue }
            subscribers[id]?.lastState = state
            if let mailbox = subscriber.mailbox {
                // Every update of `outgoing` carries a fix.
                mailbox.post(updates, precise: precise, fixes: updates.count)
            } else {
                for update in updates { subscriber.receive(update) }
            }
        }
    }

    /// Tells every live-updates consumer's mailbox which fixes it may still hand out, after the authorization,
    /// the accuracy or the app's state changed: the queued fixes it no longer may are dropped there.
    func restrictDelivery() {
        deliveryGate.restrict(to: Self.gateAllowance(policy))
        var allowances: [SourceSlot.Key: DeliveryAllowance] = [:]
        for subscriber in subscribers.values where allowances[subscriber.key] == nil {
            allowances[subscriber.key] = allowance(for: subscriber.key)
        }
        guard allowances != lastAllowances else { return }
        flushOutgoing()
        lastAllowances = allowances
        for subscriber in subscribers.values {
            if let allowance = allowances[subscriber.key] { subscriber.mailbox?.restrict(to: allowance) }
        }
    }

    /// Which fixes the client logic over this OS's managers may hand out: precision as the authorization's accuracy,
    /// which is how the client logic marks the fixes it queues.
    static func gateAllowance(_ policy: LocationPolicy) -> DeliveryAllowance {
        DeliveryAllowance(
            locations: policy.mayDeliverLocations,
            precise: policy.authorization.accuracy == .fullAccuracy
        )
    }

    /// Which fixes the consumers of a slot may be handed now: the authorization's, narrowed by their location manager's
    /// desired accuracy.
    ///
    /// - Parameter key: The consumers' slot.
    /// - Returns: The allowance.
    func allowance(for key: SourceSlot.Key) -> DeliveryAllowance {
        DeliveryAllowance(
            locations: mayDeliverLocations(for: key),
            precise: policy.isPrecise && deliveryProperties(for: key).desiredAccuracy != .reduced
        )
    }

    /// The settings that decide what the consumers of a slot's fixes get: its client's location manager's own, or the
    /// policy's for the engine's own consumers and a batch ingested by hand.
    ///
    /// - Parameter key: The slot; `nil` for a batch ingested by hand.
    /// - Returns: The settings.
    func deliveryProperties(for key: SourceSlot.Key?) -> LocationProperties {
        if let key, case .client = key { return managerProperties[key] ?? LocationProperties() }
        return policy.properties
    }

    /// Sends an update without a location to each subscriber whose view of the diagnostics or
    /// the authorization is out of date.
    func refreshDiagnostics() {
        flushOutgoing()
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
            lastDelivered = nil
            lastSignificantFix = nil
        }
        if !regions.isEmpty && (!now.status.isAuthorized || now.accuracy == .reducedAccuracy) {
            regions.removeAll()
            keepRegions()
            broadcast(.didFailWithError(.regionMonitoringEnded(by: now)))
        }
    }
}

/// What a subscriber was last told.
struct SubscriberState: Hashable, Sendable {
    var diagnostics: Set<Diagnostic>
    var authorization: Authorization
}
