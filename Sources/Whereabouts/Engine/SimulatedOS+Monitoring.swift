import Foundation

/// Regions, visits, heading and stillness.
extension SimulatedOS {
    /// Starts monitoring a circular region (rule 6: not under reduced accuracy).
    ///
    /// Entering and leaving produce `.didEnterRegion` and `.didExitRegion` events, in the
    /// foreground, or in the background with Always authorization.
    ///
    /// An app monitors at most 20 regions and circular conditions of its condition monitors together (rule 18), each
    /// region no larger than ``Options/maximumRegionMonitoringDistance``; the
    /// regions survive a relaunch (the consent store keeps them).
    ///
    /// - Parameter region: The region; one with the same identifier is replaced.
    /// - Throws: ``LocationError`` ``LocationError/Code/regionMonitoringUnavailable`` when not
    ///   authorized or when accuracy is reduced; ``LocationError/Code/regionMonitoringFailure`` for a 21st region
    ///   or one larger than the largest radius.
    package func startMonitoring(_ region: Region) async throws(LocationError) {
        try await startMonitoring(region, for: nil)
    }

    /// ``startMonitoring(_:)`` from a client's own source.
    ///
    /// - Parameters:
    ///   - region: The region.
    ///   - client: The client's source; `nil` for the engine's own.
    /// - Throws: As ``startMonitoring(_:)``.
    package func startMonitoring(_ region: Region, for client: SourceAttachment?) async throws(LocationError) {
        if let error = policy.regionMonitoringError(
            for: region,
            monitored: Set(regions.keys),
            maximumDistance: options.maximumRegionMonitoringDistance
        ) {
            throw error
        }
        if let error = LocationPolicy.sharedBudgetError(
            for: region,
            monitored: Set(regions.keys),
            conditions: monitors.circularCount
        ) {
            throw error
        }
        regions[region.identifier] = (region, lastRawFix.map { region.contains($0.coordinate) })
        keepRegions()
        feedMonitors(from: slot(of: client))
        stateDidChange()
    }

    /// Stops monitoring a region.
    ///
    /// - Parameter region: The region (matched by identifier).
    package func stopMonitoring(_ region: Region) async {
        regions[region.identifier] = nil
        keepRegions()
        stateDidChange()
    }

    /// Starts visit monitoring: `.didVisit` events when the person stays at a place, and when
    /// they leave it. Under reduced accuracy the visit's place is coarsened.
    ///
    /// - Throws: ``LocationError`` ``LocationError/Code/notAuthorized`` without authorization.
    package func startMonitoringVisits() async throws(LocationError) {
        try await startMonitoringVisits(for: nil)
    }

    /// ``startMonitoringVisits()`` from a client's own source.
    ///
    /// - Parameter client: The client's source; `nil` for the engine's own.
    /// - Throws: As ``startMonitoringVisits()``.
    package func startMonitoringVisits(for client: SourceAttachment?) async throws(LocationError) {
        guard policy.platform.rules.visits else { throw .visitsUnavailable }
        let now = policy.authorization
        guard now.status.isAuthorized else {
            throw LocationError.notAuthorized(now.status, servicesEnabled: now.servicesEnabled)
        }
        let key = slot(of: client)
        visitSlots.insert(key)
        visitsActive = true
        feedMonitors(from: key)
        stateDidChange()
    }

    /// Stops visit monitoring.
    package func stopMonitoringVisits() async {
        await stopMonitoringVisits(for: nil)
    }

    /// ``stopMonitoringVisits()`` for one client's manager: visits go on while another manager monitors them.
    ///
    /// - Parameter client: The client's source; `nil` for the engine's own.
    package func stopMonitoringVisits(for client: SourceAttachment?) async {
        let key = slot(of: client)
        visitSlots.remove(key)
        if visitSlots.isEmpty {
            visitsActive = false
            openVisit = nil
        }
        monitorStopped(by: key)
        stateDidChange()
    }

    /// Starts heading updates: `.didUpdateHeading` events while the app is in use.
    ///
    /// A compass needs no location authorization, but the true heading (which needs the
    /// position) is withheld while location is not authorized.
    package func startUpdatingHeading() async {
        await startUpdatingHeading(for: nil)
    }

    /// ``startUpdatingHeading()`` from a client's own source.
    ///
    /// - Parameter client: The client's source; `nil` for the engine's own.
    package func startUpdatingHeading(for client: SourceAttachment?) async {
        let key = slot(of: client)
        guard policy.platform.rules.heading else { return send(.didFailWithError(.headingUnavailable), to: key) }
        headingSlots.insert(key)
        headingActive = true
        feedMonitors(from: key)
        stateDidChange()
    }

    /// Stops heading updates.
    package func stopUpdatingHeading() async {
        await stopUpdatingHeading(for: nil)
    }

    /// ``stopUpdatingHeading()`` for one client's manager: headings go on while another manager wants them.
    ///
    /// - Parameter client: The client's source; `nil` for the engine's own.
    package func stopUpdatingHeading(for client: SourceAttachment?) async {
        let key = slot(of: client)
        headingSlots.remove(key)
        lastHeadings[key] = nil
        headingActive = !headingSlots.isEmpty
        monitorStopped(by: key)
        stateDidChange()
    }

    /// Makes this slot's source the one that feeds the monitors (the newest to start one).
    ///
    /// - Parameter key: The slot.
    func feedMonitors(from key: SourceSlot.Key) {
        monitorFeeds.removeAll { $0 == key }
        monitorFeeds.append(key)
        monitorKey = key
        rearm(key)
    }

    /// A slot stopped a monitor: when it runs none any more, it feeds them no longer, and the newest slot still running
    /// one takes over. Regions are the app's, not one manager's: the slot that fed them keeps them.
    ///
    /// - Parameter key: The slot.
    func monitorStopped(by key: SourceSlot.Key) {
        guard !headingSlots.contains(key), !visitSlots.contains(key), !significantChangeSlots.contains(key) else {
            return
        }
        monitorFeeds.removeAll { $0 == key }
        let others = headingSlots.union(visitSlots).union(significantChangeSlots)
        guard monitorKey == key, let next = monitorFeeds.last(where: { others.contains($0) }) else { return }
        monitorKey = next
        rearm(next)
    }

    /// Keeps the monitored regions with the grant, so they survive a relaunch.
    func keepRegions() {
        let kept = regions.values.map(\.region).sorted { $0.identifier < $1.identifier }
        guard kept != policy.grant.monitoredRegions else { return }
        update { $0.grant.monitoredRegions = kept }
    }

    func monitorRegions(_ raw: Location) {
        guard !regions.isEmpty else { return }
        let allowed = policy.mayDeliverRegionEvents
        for identifier in regions.keys.sorted() {
            guard let entry = regions[identifier] else { continue }
            let inside = entry.region.contains(raw.coordinate)
            guard entry.inside != inside else { continue }
            regions[identifier]?.inside = inside
            guard entry.inside != nil, allowed else { continue }
            if inside, entry.region.notifyOnEntry,
                routeMonitorEvent(.didEnterRegion(entry.region), reason: .regionEntry)
            {
                broadcast(.didEnterRegion(entry.region))
            }
            if !inside, entry.region.notifyOnExit,
                routeMonitorEvent(.didExitRegion(entry.region), reason: .regionExit)
            {
                broadcast(.didExitRegion(entry.region))
            }
        }
    }

    /// Follows whether the device stands still; returns whether `stationary` changed.
    func trackStillness(_ raw: Location) -> Bool {
        guard let start = anchor else {
            setAnchor(raw)
            return false
        }
        let radius = max(options.stationaryRadius, raw.horizontalAccuracy)
        if start.coordinate.distance(to: raw.coordinate, cosineOfLatitude: anchorCosine) > radius {
            setAnchor(raw)
            if let visit = openVisit {
                openVisit = nil
                var ended = visit
                ended.departureDate = raw.timestamp
                deliverVisit(ended)
            }
            guard isStationary else { return false }
            isStationary = false
            return true
        }
        let still = raw.timestamp.timeIntervalSince(start.timestamp)
        if visitsActive, openVisit == nil, still >= options.visitSeconds {
            let visit = Visit(
                coordinate: start.coordinate,
                horizontalAccuracy: start.horizontalAccuracy,
                arrivalDate: start.timestamp
            )
            openVisit = visit
            deliverVisit(visit)
        }
        guard !isStationary, still >= options.stationarySeconds else { return false }
        isStationary = true
        if hasStandardConsumers { pauseStandardConsumers() }
        return true
    }

    /// Measures stillness from this fix on.
    private func setAnchor(_ raw: Location) {
        anchor = raw
        anchorCosine = cos(raw.coordinate.latitude * .pi / 180)
    }

    static func quarterHour(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 900).rounded(.down) * 900)
    }

    private func deliverVisit(_ visit: Visit) {
        guard visitsActive, policy.mayDeliverMonitoringEvents else { return }
        var delivered = visit
        if !policy.isPrecise {
            // A nearby point, and times to the quarter hour: the exact moment of arrival is precise data.
            delivered.coordinate = coarsener.representative(for: visit.coordinate)
            delivered.horizontalAccuracy = max(coarsener.horizontalAccuracy, visit.horizontalAccuracy)
            delivered.arrivalDate = Self.quarterHour(visit.arrivalDate)
            delivered.departureDate = visit.departureDate.map(Self.quarterHour)
        }
        guard routeMonitorEvent(.didVisit(delivered), reason: .visit) else { return }
        broadcast(.didVisit(delivered))
    }
}
