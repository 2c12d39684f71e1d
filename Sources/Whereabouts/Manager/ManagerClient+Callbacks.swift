extension ManagerClient {
    /// Handles one delegate callback. Locations, visits and region events are dropped unless
    /// the app is authorized when they arrive (rule 9: not one fix after a revoke).
    func receive(_ callback: ManagerCallback) {
        switch callback {
        case .didChangeAuthorization:
            authorizationMayHaveChanged()
            // Core Location also calls this when Location Services are switched on or off.
            Task { await refreshServicesEnabled() }
        case .didUpdateLocations(let locations):
            authorizationMayHaveChanged()
            guard current.status.isAuthorized, let last = locations.last else { return }
            let wasUnavailable = locationUnknown || paused
            locationUnknown = false
            paused = false
            broadcast(.didUpdateLocations(locations))
            for id in locationRequests.keys.sorted() { finishLocationRequest(id, .success(last)) }
            // The fix itself carries the diagnostics that hold now: no update without a location before it.
            deliver(locations)
            if wasUnavailable { refreshDiagnostics() }
        case .didFailWithError(let error):
            fail(with: error)
        case .didUpdateHeading(let heading):
            // A compass needs no authorization; the OS withholds the true heading without one.
            broadcast(.didUpdateHeading(heading))
        case .didEnterRegion(let identifier):
            guard current.status.isAuthorized, let region = regions[identifier] else { return }
            broadcast(.didEnterRegion(region))
        case .didExitRegion(let identifier):
            guard current.status.isAuthorized, let region = regions[identifier] else { return }
            broadcast(.didExitRegion(region))
        case .monitoringDidFail(let identifier, let error):
            if let identifier { regions[identifier] = nil }
            let what = identifier.map { "region \"\($0)\"" } ?? "a region"
            let reason =
                "Core Location could not monitor \(what) (CLError \(error.code): \(error.message)); check that the app "
                + "is authorized with precise location, monitors at most 20 regions, and that the radius is at most "
                + "maximumRegionMonitoringDistance"
            // kCLErrorRegionMonitoringFailure is the limits' error; kCLErrorRegionMonitoringDenied and the others
            // mean monitoring cannot run at all.
            broadcast(
                .didFailWithError(
                    error.code == ManagerError.regionMonitoringFailure
                        ? .regionMonitoringFailure(reason) : .regionMonitoringUnavailable(reason)
                )
            )
        case .didVisit(let visit):
            guard current.status.isAuthorized else { return }
            broadcast(.didVisit(visit))
        case .didPauseLocationUpdates:
            paused = true
            policy.updatesPaused()
            broadcast(.didPauseLocationUpdates)
            refreshDiagnostics()
        case .sourceDidEnd(let error):
            // The manager's updates stopped; the app's own startUpdatingLocation() stays started (a new consumer
            // starts the source again, as on the simulated OS).
            let ended = updateSubscribers
            updateSubscribers.removeAll()
            for id in ended.keys.sorted() { ended[id]?.mailbox.finish(throwing: error) }
            if !standardServiceStarted { updateDemand() }
        case .didResumeLocationUpdates:
            // Once only: the adapter already said so if it resumed them itself (resumeAfterPause()).
            guard paused else { return }
            paused = false
            broadcast(.didResumeLocationUpdates)
            refreshDiagnostics()
        }
    }

    /// Reads the manager's authorization into the policy; on a change, tells every subscriber, ends what the new
    /// authorization no longer allows, and completes a prompt the change answers.
    func authorizationMayHaveChanged() {
        policy.observe(status: manager.authorizationStatus, accuracy: manager.accuracyAuthorization)
        let now = policy.authorization
        guard now != snapshot.current else { return }
        snapshot.current = now
        // What a new authorization answers: real Always ends "Always was declined", full accuracy ends "full
        // accuracy was declined".
        policy.authorizationDidChange()
        for subscriber in updateSubscribers.values {
            if let deliveryGate {
                deliveryGate.restrict(subscriber.mailbox, to: allowance)
            } else {
                subscriber.mailbox.restrict(to: allowance)
            }
        }
        for id in authorizationSubscribers.keys.sorted() { authorizationSubscribers[id]?.yield(now) }
        broadcast(.didChangeAuthorization(now))
        if !now.status.isAuthorized {
            let error = LocationError.notAuthorized(now.status, servicesEnabled: now.servicesEnabled)
            for id in locationRequests.keys.sorted() { finishLocationRequest(id, .failure(error)) }
        }
        if !regions.isEmpty && (!now.status.isAuthorized || now.accuracy == .reducedAccuracy) {
            for region in regions.values.sorted(by: { $0.identifier < $1.identifier }) {
                manager.stopMonitoring(for: region)
            }
            regions.removeAll()
            broadcast(.didFailWithError(.regionMonitoringEnded(by: now)))
        }
        if let pending = prompt, let shown = policy.prompt, now.status != pending.before.status {
            let answer = answer(to: shown.kind, now: now)
            policy.observe(answer: answer)
            finishPrompt(pending.id, .success(outcome(.answered(answer))))
        }
        refreshDiagnostics()
        askForServiceSessions()
    }

    /// `didFailWithError`: no fix for now, not authorized, or another Core Location error.
    private func fail(with error: ManagerError) {
        switch error.code {
        case ManagerError.locationUnknown:
            locationUnknown = true
            for id in locationRequests.keys.sorted() {
                let seconds = locationRequests[id].map { Double($0.elapsed().components.seconds) } ?? 0
                finishLocationRequest(id, .failure(LocationError.locationUnavailable(after: seconds)))
            }
            refreshDiagnostics()
        case ManagerError.denied:
            authorizationMayHaveChanged()
            let denied = LocationError.notAuthorized(
                current.status == .notDetermined ? .denied : current.status,
                servicesEnabled: current.servicesEnabled
            )
            for id in locationRequests.keys.sorted() { finishLocationRequest(id, .failure(denied)) }
            broadcast(.didFailWithError(denied))
        default:
            let failure = LocationError.sourceFailed("Core Location error \(error.code): \(error.message)")
            for id in locationRequests.keys.sorted() { finishLocationRequest(id, .failure(failure)) }
            broadcast(.didFailWithError(failure))
        }
    }

    /// Sends an event to every ``events()`` subscriber, in subscription order.
    func broadcast(_ event: LocationEvent) {
        for id in eventSubscribers.keys.sorted() { eventSubscribers[id]?.yield(event) }
    }

    /// Gives each live-updates subscriber the new locations with the diagnostics that hold.
    private func deliver(_ locations: [Location]) {
        let diagnostics = diagnostics()
        // Read once: the authorization is the policy's, computed on each read.
        let authorization = current
        let updates = locations.map {
            LocationUpdate(location: $0, diagnostics: diagnostics, authorization: authorization)
        }
        let precise = authorization.accuracy == .fullAccuracy
        for id in updateSubscribers.keys.sorted() {
            guard var subscriber = updateSubscribers[id] else { continue }
            subscriber.mailbox.post(updates, precise: precise, fixes: updates.count)
            subscriber.diagnostics = diagnostics
            subscriber.authorization = authorization
            updateSubscribers[id] = subscriber
        }
    }

    /// Sends an update without a location to each subscriber whose diagnostics or authorization
    /// changed, and starts or stops Core Location's updates as the demand and the grant say.
    func refreshDiagnostics() {
        let diagnostics = diagnostics()
        for id in updateSubscribers.keys.sorted() {
            guard var subscriber = updateSubscribers[id],
                subscriber.diagnostics != diagnostics || subscriber.authorization != current
            else { continue }
            subscriber.diagnostics = diagnostics
            subscriber.authorization = current
            subscriber.mailbox.post(
                LocationUpdate(location: nil, diagnostics: diagnostics, authorization: current),
                precise: false
            )
            updateSubscribers[id] = subscriber
        }
        updateDemand()
        refreshSessionDiagnostics()
    }

    /// The diagnostics that hold now (rule 10), as far as Core Location lets the app know: the policy's, with what
    /// Core Location said of the fixes (none for now, paused).
    func diagnostics() -> Set<Diagnostic> {
        policy.diagnostics(locationUnavailable: locationUnknown, stationary: paused)
    }

    /// Core Location updates run while someone wants live updates and the app is authorized.
    ///
    /// Starting or stopping them cancels an outstanding `requestLocation()` inside Core Location, which then
    /// delivers nothing for it. Once updates start, their next fix or error completes the waiting requests; once
    /// they stop, the adapter asks again for the requests still waiting.
    func updateDemand() {
        let wanted =
            manager.capabilities.liveUpdates && (!updateSubscribers.isEmpty || standardServiceStarted)
            && current.status.isAuthorized
        guard wanted != isUpdatingLocation else { return }
        isUpdatingLocation = wanted
        if wanted {
            manager.startUpdatingLocation()
        } else {
            manager.stopUpdatingLocation()
            paused = false  // stopped updates are not paused; started again, they begin afresh
            if !locationRequests.isEmpty { manager.requestLocation() }
        }
    }
}
