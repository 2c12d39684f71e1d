/// What belongs to each location manager rather than to the app: its delegate's events, its pauses, its heading
/// filter and whether it allows background updates, as each `CLLocationManager` has its own.
extension SimulatedOS {
    /// A location manager's delegate events: `.didChangeAuthorization` with the current value at once, then every
    /// app-wide event in order (authorization, regions, visits, significant changes, one-shot answers, errors), and
    /// the events about this manager's own services (its pauses and resumptions, the headings its filter lets
    /// through). The standard service's fixes are not among them: the manager reads them in batches from its live
    /// updates.
    ///
    /// - Parameter client: The manager's source.
    /// - Returns: The stream; cancelling it unsubscribes.
    package func managerEvents(for client: SourceAttachment) -> AsyncStream<LocationEvent> {
        let (stream, continuation) = AsyncStream<LocationEvent>.makeStream()
        let id = nextSubscriberID
        nextSubscriberID += 1
        slotEventContinuations[id] = (slot(of: client), continuation)
        continuation.yield(.didChangeAuthorization(currentAuthorization))
        continuation.onTermination = { _ in Task { await self.removeManagerEvents(id) } }
        return stream
    }

    private func removeManagerEvents(_ id: Int) {
        slotEventContinuations[id] = nil
    }

    /// Allows or stops one location manager's updates in the background, as its
    /// `allowsBackgroundLocationUpdates` (rule 8): another manager's setting changes nothing for this one.
    ///
    /// - Parameters:
    ///   - allowed: Whether this manager's updates may continue in the background.
    ///   - client: The manager's source; `nil` for the engine's own.
    /// - Throws: ``LocationError`` ``LocationError/Code/backgroundModeMissing`` when allowing without `location` in
    ///   `UIBackgroundModes` (iOS raises an exception).
    package func setAllowsBackgroundLocationUpdates(
        _ allowed: Bool,
        for client: SourceAttachment?
    ) async throws(LocationError) {
        if let error = policy.backgroundUpdatesError(allowing: allowed) { throw error }
        allowBackgroundUpdates(allowed, for: slot(of: client))
        stateDidChange()
    }

    /// Records one manager's `allowsBackgroundLocationUpdates`; the app's (``LocationPolicy/allowsBackgroundUpdates``)
    /// is whether any manager allows them.
    func allowBackgroundUpdates(_ allowed: Bool, for key: SourceSlot.Key) {
        if allowed {
            backgroundUpdateSlots.insert(key)
        } else {
            backgroundUpdateSlots.remove(key)
        }
        let any = !backgroundUpdateSlots.isEmpty
        if policy.allowsBackgroundUpdates != any { update { $0.allowsBackgroundUpdates = any } }
    }

    /// Whether fixes may reach the consumers of one slot now: in the background only when their manager allows
    /// background updates.
    ///
    /// - Parameter key: The slot; `nil` for a batch ingested by hand, which goes to every consumer.
    /// - Returns: Whether they may be delivered.
    func mayDeliverLocations(for key: SourceSlot.Key?) -> Bool {
        guard let key else { return policy.mayDeliverLocations }
        return policy.mayDeliverLocations(allowingBackgroundUpdates: backgroundUpdateSlots.contains(key))
    }

    /// The slots of the location managers whose standard service runs: live updates, or `startUpdatingLocation`.
    var standardConsumerKeys: Set<SourceSlot.Key> {
        var keys = updatingLocation
        for subscriber in subscribers.values { keys.insert(subscriber.key) }
        return keys
    }

    /// The device came to stand still: each manager whose standard service runs, whose
    /// `pausesLocationUpdatesAutomatically` is on and who may receive fixes now pauses, and only it hears
    /// `.didPauseLocationUpdates`. Pausing reveals that the person stopped, which is not the app's to know under
    /// reduced accuracy.
    func pauseStandardConsumers() {
        guard policy.isPrecise else { return }
        for key in standardConsumerKeys.sorted(by: { "\($0)" < "\($1)" }) where !pausedSlots.contains(key) {
            guard deliveryProperties(for: key).pausesLocationUpdatesAutomatically, mayDeliverLocations(for: key)
            else { continue }
            // What the batch delivered before the pause goes out first.
            flushOutgoing()
            pausedSlots.insert(key)
            update { $0.updatesPaused() }
            send(.didPauseLocationUpdates, to: key)
        }
    }

    /// Whether the standard service holds back a fix from this source: every manager it would reach paused.
    ///
    /// - Parameter key: The source's slot; `nil` for a batch ingested by hand.
    /// - Returns: Whether no manager takes the fix.
    func isPaused(forFixFrom key: SourceSlot.Key?) -> Bool {
        guard !pausedSlots.isEmpty else { return false }
        // Read for every fix while a manager is paused: no set is built here.
        var anyConsumer = false
        for consumer in updatingLocation where key == nil || serving(consumer) == key {
            guard pausedSlots.contains(consumer) else { return false }
            anyConsumer = true
        }
        for subscriber in subscribers.values where key == nil || serving(subscriber.key) == key {
            guard pausedSlots.contains(subscriber.key) else { return false }
            anyConsumer = true
        }
        return anyConsumer
    }

    /// Ends one manager's pause: its updates flow again (it started them again, or turned pausing off), and it
    /// hears `.didResumeLocationUpdates`.
    ///
    /// - Parameter key: The manager's slot.
    func resume(_ key: SourceSlot.Key) {
        // Rule 14: under When In Use a pause lasts until the app launches again.
        guard !policy.updatesEndedByPause, pausedSlots.remove(key) != nil else { return }
        send(.didResumeLocationUpdates, to: key)
    }

    /// ``resume(_:)`` for a location manager that started its updates again while they run.
    ///
    /// - Parameter client: The manager's source; `nil` for the engine's own.
    package func resume(for client: SourceAttachment?) {
        resume(slot(of: client))
    }

    /// Forgets the pauses of managers whose standard service no longer runs: started again, it starts unpaused.
    func forgetEndedPauses() {
        guard !pausedSlots.isEmpty else { return }
        pausedSlots.formIntersection(standardConsumerKeys)
    }

    /// Hands a heading the app may receive to each manager that wants headings, through its own heading filter.
    ///
    /// - Parameter heading: The heading as the app may receive it.
    func deliverHeading(_ heading: Heading) {
        var delivered = false
        for key in headingSlots {
            guard
                LocationPolicy.passesHeadingFilter(
                    heading,
                    since: lastHeadings[key],
                    filter: deliveryProperties(for: key).headingFilter
                )
            else { continue }
            lastHeadings[key] = heading
            send(.didUpdateHeading(heading), to: key)
            delivered = true
        }
        guard delivered else { return }
        lastHeading = heading
        headingSnapshot.current = heading
    }
}
