extension ManagerClient {
    /// The authorization now, read from the manager.
    func authorization() async -> Authorization {
        await refreshServicesEnabled()
        authorizationMayHaveChanged()
        return current
    }

    /// The current authorization at once (as iOS calls `locationManagerDidChangeAuthorization` when a
    /// manager is created), then each change.
    func authorizationUpdates() -> AsyncStream<Authorization> {
        authorizationMayHaveChanged()
        let id = makeID()
        let (stream, continuation) = AsyncStream.makeStream(of: Authorization.self)
        // The consumer's stream keeps the adapter (and its manager) while it reads, as a live-updates stream does: a
        // `for await` loop outlives the client value it came from. Ending the stream lets them go.
        continuation.onTermination = { [self] _ in
            Task { @MainActor in self.authorizationSubscribers[id] = nil }
        }
        continuation.yield(current)
        guard !processEnded else {
            continuation.finish()
            return stream
        }
        authorizationSubscribers[id] = continuation
        return stream
    }

    /// Every delegate event, the current authorization first.
    func events() -> AsyncStream<LocationEvent> {
        authorizationMayHaveChanged()
        let id = makeID()
        let (stream, continuation) = AsyncStream.makeStream(of: LocationEvent.self)
        // The consumer's stream keeps the adapter (and its manager) while it reads, as a live-updates stream does: a
        // `for await` loop outlives the client value it came from. Ending the stream lets them go.
        continuation.onTermination = { [self] _ in
            Task { @MainActor in self.eventSubscribers[id] = nil }
        }
        continuation.yield(.didChangeAuthorization(current))
        guard !processEnded else {
            continuation.finish()
            return stream
        }
        eventSubscribers[id] = continuation
        return stream
    }

    /// Live updates: first one without a location carrying the diagnostics, then each fix. Core
    /// Location's updates run while at least one consumer iterates and the app is authorized.
    ///
    /// At most ``bufferedFixLimit`` fixes wait for a consumer that reads slower than they come (a simulated
    /// manager waits for room before it delivers more); a fix the authorization no longer allows never leaves the
    /// queue.
    func liveUpdates() -> AsyncThrowingStream<LocationUpdate, any Error> {
        addUpdateSubscriber().updates()
    }

    /// Live updates in batches: every update waiting for the consumer at once, as `didUpdateLocations` hands
    /// over an array.
    func liveUpdateBatches() -> AsyncThrowingStream<[LocationUpdate], any Error> {
        addUpdateSubscriber().batches()
    }

    /// Registers a live-updates consumer, with its first update (no location, the diagnostics that hold), and
    /// starts Core Location's updates if they were not running.
    private func addUpdateSubscriber() -> UpdateMailbox {
        authorizationMayHaveChanged()
        guard manager.capabilities.liveUpdates else {
            // tvOS: no startUpdatingLocation() to call; the stream ends at once, saying so.
            let mailbox = UpdateMailbox(capacity: bufferedFixLimit, batchLimit: 256, onClose: {})
            mailbox.finish(throwing: LocationError.liveUpdatesUnavailable)
            return mailbox
        }
        guard !processEnded else {
            // The app's process ended: no updates come to it any more.
            let mailbox = UpdateMailbox(capacity: bufferedFixLimit, batchLimit: 256, onClose: {})
            mailbox.finish(throwing: nil)
            return mailbox
        }
        let id = makeID()
        let mailbox = UpdateMailbox(
            capacity: bufferedFixLimit,
            batchLimit: 256,
            // The consumer's stream keeps the adapter (and its manager) while it reads, as a stream of the simulated
            // client keeps its engine: a stream outlives the client value it came from. Closing ends that.
            onClose: { [self] in
                Task { @MainActor in
                    self.updateSubscribers[id] = nil
                    self.updateDemand()
                }
            }
        )
        if let deliveryGate {
            deliveryGate.register(mailbox, allowing: allowance)
        } else {
            mailbox.restrict(to: allowance)
        }
        let diagnostics = diagnostics()
        mailbox.post(LocationUpdate(location: nil, diagnostics: diagnostics, authorization: current), precise: false)
        updateSubscribers[id] = UpdateSubscriber(mailbox: mailbox, diagnostics: diagnostics, authorization: current)
        updateDemand()
        resumeAfterPause()  // a new consumer starts updates that paused again, as startUpdatingLocation() does
        return mailbox
    }

    /// Which fixes the app may be handed now.
    var allowance: DeliveryAllowance {
        DeliveryAllowance(locations: current.status.isAuthorized, precise: current.accuracy == .fullAccuracy)
    }

    /// Waits until every live-updates consumer has room for another batch: a simulated manager calls this before it
    /// delivers more, so a slow consumer holds its source back.
    package func waitForRoom() async {
        for subscriber in updateSubscribers.values where subscriber.mailbox.isFull {
            await subscriber.mailbox.waitForRoom()
        }
    }

    /// Starts monitoring a region; an error rather than silence where iOS would not monitor it
    /// (rule 6: not under reduced accuracy), where the device cannot, or beyond Core Location's limits (at most 20
    /// regions, no radius beyond `maximumRegionMonitoringDistance`), which it would report only later.
    func startMonitoring(_ region: Region) throws {
        try prepareDecision()
        if let error = policy.regionMonitoringError { throw error }
        guard manager.isRegionMonitoringAvailable else {
            throw LocationError.regionMonitoringUnsupported
        }
        // Core Location may not list a region it was just asked to monitor yet, so the adapter's own count too.
        let monitored = Set(manager.monitoredRegions.map(\.identifier)).union(regions.keys)
        if let error = policy.regionMonitoringError(
            for: region,
            monitored: monitored,
            maximumDistance: manager.maximumRegionMonitoringDistance
        ) {
            throw error
        }
        regions[region.identifier] = region
        manager.startMonitoring(for: region)
    }

    /// Stops monitoring a region.
    func stopMonitoring(_ region: Region) {
        regions[region.identifier] = nil
        manager.stopMonitoring(for: region)
    }

    /// Starts visit monitoring; throws when the app is not authorized, or the platform has no visits.
    func startMonitoringVisits() throws {
        guard manager.capabilities.visits else { throw LocationError.visitsUnavailable }
        authorizationMayHaveChanged()
        guard current.status.isAuthorized else {
            throw LocationError.notAuthorized(current.status, servicesEnabled: current.servicesEnabled)
        }
        manager.startMonitoringVisits()
    }

    /// Stops visit monitoring.
    func stopMonitoringVisits() {
        manager.stopMonitoringVisits()
    }

    /// Starts heading updates; where the platform has none, sends an error event instead.
    func startUpdatingHeading() {
        guard manager.capabilities.heading else {
            broadcast(.didFailWithError(.headingUnavailable))
            return
        }
        manager.startUpdatingHeading()
    }

    /// Stops heading updates.
    func stopUpdatingHeading() {
        guard manager.capabilities.heading else { return }
        manager.stopUpdatingHeading()
    }

    /// Sets `allowsBackgroundLocationUpdates`, but throws instead of letting iOS raise an exception
    /// when `UIBackgroundModes` lacks `location` (rule 8); on macOS, which needs no such mode, it does not throw.
    func setAllowsBackgroundLocationUpdates(_ allowed: Bool) throws {
        guard manager.capabilities.backgroundUpdates else {
            guard allowed else { return }
            throw LocationError.backgroundUpdatesUnavailable
        }
        if allowed { try prepareDecision() }
        if manager.capabilities.backgroundModeRequired {
            try policy.setAllowsBackgroundUpdates(allowed)
        } else {
            // macOS. Apple's "Handling location updates in the background" page says a Mac app needs no support for
            // background updates, since macOS does not suspend apps in the background: the iOS rule that refuses them
            // without `location` in UIBackgroundModes does not apply. Its allowsBackgroundLocationUpdates page still
            // calls the property without that mode a fatal error and makes no exception for macOS, so the manager's
            // property is set only where the mode is declared; the app keeps receiving updates either way.
            policy.allowsBackgroundUpdates = allowed
        }
        policy.properties.allowsBackgroundLocationUpdates = allowed
        manager.allowsBackgroundLocationUpdates = allowed && policy.declarations.hasLocationBackgroundMode
        refreshDiagnostics()
    }

    /// Starts a `CLBackgroundActivitySession`; returns whether one runs.
    func startBackgroundSession() -> Bool {
        authorizationMayHaveChanged()
        // At a launch after the app ended with a session active, it may resume it at once, even in the background.
        policy.resumableBackgroundSession = manager.mayResumeBackgroundActivitySession
        guard policy.backgroundSessionActive || policy.backgroundSessionWouldActivate else {
            // Core Location would make the session but not activate it: report it as not running, so that the
            // diagnostics (insufficientlyInUse in the background) stay true.
            refreshDiagnostics()
            return false
        }
        if !policy.backgroundSessionActive { policy.backgroundSessionActive = manager.startBackgroundActivitySession() }
        refreshDiagnostics()
        return policy.backgroundSessionActive
    }

    /// Ends the background activity session.
    func stopBackgroundSession() {
        guard policy.backgroundSessionActive else { return }
        // Not the policy's stopBackgroundSession(): what ending it does to the grants, Core Location reports.
        policy.backgroundSessionActive = false
        manager.stopBackgroundActivitySession()
        refreshDiagnostics()
    }
}
