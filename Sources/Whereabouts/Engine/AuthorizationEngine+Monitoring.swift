import Foundation

/// Regions, visits, heading and stillness.
extension AuthorizationEngine {
    /// Starts monitoring a circular region (rule 6: not under reduced accuracy).
    ///
    /// Entering and leaving produce `.didEnterRegion` and `.didExitRegion` events, in the
    /// foreground, or in the background with Always authorization.
    ///
    /// - Parameter region: The region; one with the same identifier is replaced.
    /// - Throws: ``LocationError`` ``LocationError/Code/regionMonitoringUnavailable`` when not
    ///   authorized or when accuracy is reduced.
    public func startMonitoring(_ region: Region) async throws {
        await prepare()
        try applyStartMonitoring(region)
    }

    package func applyStartMonitoring(_ region: Region) throws(LocationError) {
        let now = currentAuthorization
        guard now.status.isAuthorized else {
            throw .regionMonitoringUnavailable(
                "location is not authorized (status \(now.status)); request authorization before monitoring"
            )
        }
        guard now.accuracy == .fullAccuracy else {
            throw .regionMonitoringUnavailable(
                "the person chose approximate location, and regions are not monitored with reduced accuracy; "
                    + "ask for temporary full accuracy with a purpose key, or offer the feature without regions"
            )
        }
        regions[region.identifier] = (region, lastRawFix.map { region.contains($0.coordinate) })
        sourceExhausted = false
        stateDidChange()
    }

    /// Stops monitoring a region.
    ///
    /// - Parameter region: The region (matched by identifier).
    public func stopMonitoring(_ region: Region) async {
        await prepare()
        regions[region.identifier] = nil
        stateDidChange()
    }

    /// Starts visit monitoring: `.didVisit` events when the person stays at a place, and when
    /// they leave it. Under reduced accuracy the visit's place is coarsened.
    ///
    /// - Throws: ``LocationError`` ``LocationError/Code/notAuthorized`` without authorization.
    public func startMonitoringVisits() async throws {
        await prepare()
        let now = currentAuthorization
        guard now.status.isAuthorized else {
            throw LocationError.notAuthorized(now.status, servicesEnabled: now.servicesEnabled)
        }
        visitsActive = true
        sourceExhausted = false
        stateDidChange()
    }

    /// Stops visit monitoring.
    public func stopMonitoringVisits() async {
        await prepare()
        visitsActive = false
        openVisit = nil
        stateDidChange()
    }

    /// Starts heading updates: `.didUpdateHeading` events while the app is in use.
    ///
    /// A compass needs no location authorization, but the true heading (which needs the
    /// position) is withheld while location is not authorized.
    public func startUpdatingHeading() async {
        await prepare()
        headingActive = true
        sourceExhausted = false
        stateDidChange()
    }

    /// Stops heading updates.
    public func stopUpdatingHeading() async {
        await prepare()
        headingActive = false
        stateDidChange()
    }

    var regionEventsAllowed: Bool {
        let now = currentAuthorization
        guard now.status.isAuthorized, now.accuracy == .fullAccuracy else { return false }
        return appState == .foreground || (now.status == .authorizedAlways && !grant.provisionalAlways)
    }

    func monitorRegions(_ raw: Location) {
        guard !regions.isEmpty else { return }
        let allowed = regionEventsAllowed
        for identifier in regions.keys.sorted() {
            guard let entry = regions[identifier] else { continue }
            let inside = entry.region.contains(raw.coordinate)
            guard entry.inside != inside else { continue }
            regions[identifier]?.inside = inside
            guard entry.inside != nil, allowed else { continue }
            if inside, entry.region.notifyOnEntry { broadcast(.didEnterRegion(entry.region)) }
            if !inside, entry.region.notifyOnExit { broadcast(.didExitRegion(entry.region)) }
        }
    }

    /// Follows whether the device stands still; returns whether `stationary` changed.
    func trackStillness(_ raw: Location) -> Bool {
        guard let start = anchor else {
            anchor = raw
            return false
        }
        let radius = max(options.stationaryRadius, raw.horizontalAccuracy)
        if start.coordinate.distance(to: raw.coordinate) > radius {
            anchor = raw
            if let visit = openVisit {
                openVisit = nil
                var ended = visit
                ended.departureDate = raw.timestamp
                deliverVisit(ended)
            }
            guard isStationary else { return false }
            isStationary = false
            if hasLocationConsumers && mayDeliverLocations && isPrecise { broadcast(.didResumeLocationUpdates) }
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
        if hasLocationConsumers && mayDeliverLocations && isPrecise { broadcast(.didPauseLocationUpdates) }
        return true
    }

    /// Whether the app has full accuracy now: stillness and its timing are precise-only.
    var isPrecise: Bool { currentAuthorization.accuracy == .fullAccuracy }

    static func quarterHour(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 900).rounded(.down) * 900)
    }

    private func deliverVisit(_ visit: Visit) {
        let now = currentAuthorization
        guard visitsActive, now.status.isAuthorized,
            appState == .foreground || (now.status == .authorizedAlways && !grant.provisionalAlways)
        else { return }
        var delivered = visit
        if now.accuracy == .reducedAccuracy {
            // A nearby point, and times to the quarter hour: the exact moment of arrival is precise data.
            delivered.coordinate = coarsener.representative(for: visit.coordinate)
            delivered.horizontalAccuracy = max(coarsener.horizontalAccuracy, visit.horizontalAccuracy)
            delivered.arrivalDate = Self.quarterHour(visit.arrivalDate)
            delivered.departureDate = visit.departureDate.map(Self.quarterHour)
        }
        broadcast(.didVisit(delivered))
    }
}
