/// Fixes, one-shot requests and the OS's delegate events, as Core Location delivers them.
extension SimulatedLocationManager {
    package func startUpdatingLocation() {
        // Core Location cancels an outstanding requestLocation(); the next update answers the client instead.
        oneShot?.cancel()
        oneShot = nil
        guard !isUpdatingLocation else {
            // Started again while running: iOS resumes updates it paused (`pausesLocationUpdatesAutomatically`).
            send { [client] engine in await engine.resume(for: client) }
            return
        }
        isUpdatingLocation = true
        updatesGeneration += 1
        let generation = updatesGeneration
        send { [client] engine in
            // One batch waits here at most: the client logic's queues are the bound.
            let batches = await engine.liveUpdateBatches(for: client, capacity: SimulatedOS.batchLimit)
            await self.read(batches, generation: generation)
        }
    }

    package func stopUpdatingLocation() {
        oneShot?.cancel()
        oneShot = nil
        isUpdatingLocation = false
        updatesGeneration += 1
        updates?.cancel()
        updates = nil
    }

    /// Reads the OS's live updates for this manager while the standard service runs: each batch's fixes as one
    /// `didUpdateLocations`, the next batch only once the client's consumers have room for it.
    ///
    /// A batch is handed over through the OS's delivery gate: the fixes a change made after the OS made them no
    /// longer allows are dropped, and no change can come between that check and the client queueing them.
    private func read(_ batches: AsyncThrowingStream<[LocationUpdate], any Error>, generation: Int) {
        // Stopped (or started again) while the OS was being asked: this stream is dropped, which ends it there.
        guard generation == updatesGeneration else { return }
        updates = Task { [weak self] in
            do {
                for try await batch in batches {
                    guard let self, !Task.isCancelled else { return }
                    var delivered = false
                    self.engine.deliveryGate.deliver(batch) { locations in
                        self.deliver(.didUpdateLocations(locations))
                        delivered = true
                    }
                    if delivered { await self.waitForRoom?() }
                }
                guard let self, generation == self.updatesGeneration, !Task.isCancelled else { return }
                self.sourceEnded(nil)
            } catch {
                guard let self, generation == self.updatesGeneration else { return }
                self.sourceEnded(error as? LocationError ?? .sourceFailed(String(describing: error)))
            }
        }
    }

    /// The source ran out or failed: the standard service stops, and the client is told (a replay has an end;
    /// Core Location's updates never do).
    private func sourceEnded(_ error: LocationError?) {
        isUpdatingLocation = false
        updatesGeneration += 1
        updates = nil
        deliver(.sourceDidEnd(error))
    }

    package func requestLocation() {
        // The app's process ended: the request reaches nothing (the client logic hears it is over).
        guard !outlivedItsProcess else {
            Task { [weak self] in self?.processHasEnded() }
            return
        }
        // While updates run, their next fix answers it, as on iOS.
        guard !isUpdatingLocation else { return }
        oneShot?.cancel()
        let engine = engine
        let client = client
        oneShot = Task { [weak self] in
            do {
                let location = try await Self.oneShot(on: engine, for: client)
                guard let self, !Task.isCancelled else { return }
                self.oneShot = nil
                self.lastAnswer = location
                self.deliver(.didUpdateLocations([location]))
            } catch {
                guard let self, !Task.isCancelled else { return }
                self.oneShot = nil
                guard let failure = Self.managerError(error) else { return }
                self.deliver(.didFailWithError(failure))
            }
        }
    }

    /// Asks the OS for one fix from this manager's source, as `requestLocation()` reaches it: the next fix the app
    /// may receive, at most the OS's location timeout. Cancelling the calling task withdraws the request at once, as
    /// starting or stopping the standard service does.
    ///
    /// - Parameters:
    ///   - engine: The OS.
    ///   - client: This manager's source.
    /// - Returns: The fix.
    /// - Throws: ``LocationError``: what the OS decided (not authorized, not in use, no fix in time), or
    ///   ``LocationError/Code/cancelled`` when the request was withdrawn.
    private nonisolated static func oneShot(
        on engine: SimulatedOS,
        for client: SourceAttachment
    ) async throws(LocationError) -> Location {
        let ticket = await engine.submit(.location, for: client)
        let completed = await withTaskCancellationHandler {
            await engine.result(of: ticket)
        } onCancel: {
            Task { await engine.cancelLocationRequest(ticket) }
        }
        switch completed {
        case .success(.location(let location)): return location
        // Another kind of result would be a fault of the OS: reported as no fix.
        case .success: throw .locationUnavailable(after: 0)
        case .failure(let error): throw error
        }
    }

    /// The Core Location error for a failed one-shot request, or `nil` when Core Location says nothing (the request
    /// was cancelled).
    nonisolated static func managerError(_ error: any Error) -> ManagerError? {
        guard let error = error as? LocationError else {
            return ManagerError(code: ManagerError.locationUnknown, message: String(describing: error))
        }
        switch error.code {
        case .cancelled: return nil
        case .notAuthorized, .notInUse: return ManagerError(code: ManagerError.denied, message: error.description)
        default: return ManagerError(code: ManagerError.locationUnknown, message: error.description)
        }
    }

    /// Listens to the OS: its delegate events and the app's activity, on the main actor.
    ///
    /// - Parameters:
    ///   - events: The OS's delegate events for this manager, the authorization first.
    ///   - activity: The app's activity.
    ///   - launchEvents: The events that launched the app in the background, delivered after the authorization.
    func listen(
        to events: AsyncStream<LocationEvent>,
        _ activity: AsyncStream<ApplicationActivity>,
        launchEvents: [LocationEvent] = []
    ) {
        listeners.append(
            Task { [weak self] in
                var waiting = launchEvents[...]
                for await event in events {
                    guard let self else { return }
                    self.receive(event)
                    while let launched = waiting.popFirst() { self.receiveAtLaunch(launched) }
                }
            }
        )
        listeners.append(
            Task { [weak self] in
                for await change in activity {
                    guard let self else { return }
                    self.activity?(change)
                }
            }
        )
    }

    /// An event that launched the app in the background, for the app's first manager: a visit reaches it without
    /// starting visit monitoring again, as Apple's `startMonitoringVisits()` page says.
    private func receiveAtLaunch(_ event: LocationEvent) {
        if case .didVisit(let visit) = event { return deliver(.didVisit(visit)) }
        receive(event)
    }

    /// One of the OS's delegate events, as Core Location's callback.
    ///
    /// Fixes of the standard service come in batches from the live updates instead, and a one-shot answer from its
    /// request; the events' fixes are passed on only for significant-change monitoring while neither runs.
    private func receive(_ event: LocationEvent) {
        switch event {
        case .didChangeAuthorization:
            deliver(.didChangeAuthorization)
        case .didUpdateLocations(let locations):
            // The OS announces a one-shot answer here too, and its fix may be a significant change as well: it is
            // delivered once, whichever of the two reaches the manager first.
            guard significantChanges, !isUpdatingLocation, oneShot == nil, locations != [lastAnswer] else { return }
            deliver(.didUpdateLocations(locations))
        case .didFailWithError(let error):
            switch error.code {
            case .locationUnavailable, .sourceFailed:
                deliver(.didFailWithError(ManagerError(code: ManagerError.locationUnknown, message: error.description)))
            case .notAuthorized:
                deliver(.didFailWithError(ManagerError(code: ManagerError.denied, message: error.description)))
            default:
                // The client says itself what ends region monitoring, and the consent store is the OS's business.
                break
            }
        // Each manager's delegate hears of its own services only (headings, pauses); regions are the app's, as on
        // iOS, where every manager shares the set of monitored regions.
        case .didUpdateHeading(let heading): if isUpdatingHeading { deliver(.didUpdateHeading(heading)) }
        case .didEnterRegion(let region): deliver(.didEnterRegion(region.identifier))
        case .didExitRegion(let region): deliver(.didExitRegion(region.identifier))
        // Visits are the app's too: Apple's startMonitoringVisits() page says enabling them on one location manager
        // enables them for every manager of the app.
        case .didVisit(let visit): deliver(.didVisit(visit))
        case .didPauseLocationUpdates: if isUpdatingLocation { deliver(.didPauseLocationUpdates) }
        case .didResumeLocationUpdates: if isUpdatingLocation { deliver(.didResumeLocationUpdates) }
        }
    }
}
