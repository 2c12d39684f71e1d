/// Rule 18: condition monitors (iOS 17's `CLMonitor`) report why the system holds a condition's events back as iOS 18's
/// event flags, share one budget of 20 with the app's regions in order of addition, deliver a state change only while
/// no flag stands in the way, and relaunch a terminated app only with Always, as a region's crossing does.
extension LocationPolicy {
    /// Why a condition monitor cannot be opened on this platform, or `nil` when it can (iOS and macOS have `CLMonitor`;
    /// watchOS, tvOS and visionOS do not, per `CLMonitor.h`).
    package var conditionMonitoringError: LocationError? {
        guard platform.rules.conditionMonitoring else {
            return .conditionMonitoringUnavailable(
                "\(platform.displayName) has no condition monitors (CLMonitor is available on iOS and macOS); "
                    + "check PlatformRules.conditionMonitoring before opening one"
            )
        }
        return nil
    }

    /// The flags that hold for a condition now, as iOS 18's `CLMonitor.Event` reports them.
    ///
    /// Location Services off, then a restricted or denied status, give their authorization flag; a prompt on screen
    /// for an app not yet decided gives `authorizationRequestInProgress`; the explicit-session opt-in without a held
    /// session that asks for authorization gives `serviceSessionRequired` out of the foreground (or before the status
    /// is decided), as rule 13's diagnostic does; an authorized app that is not in use and may not receive events
    /// there (When In Use or provisional Always in the background without a background session, or Always without the
    /// Always session the opt-in needs) gives `insufficientlyInUse`; approximate location gives `accuracyLimited` for a
    /// circle. A beacon is `conditionUnsupported` (the simulated OS has no ranging), and a circle beyond the budget
    /// ``conditionsOverBudget(regions:conditions:)`` is `conditionLimitExceeded`. `persistenceUnavailable` holds while
    /// the consent store fails to keep the monitors.
    ///
    /// - Parameters:
    ///   - condition: The condition.
    ///   - overBudget: Whether the condition is beyond the app's budget.
    ///   - persistenceUnavailable: Whether the system could not keep the monitors' conditions and records.
    /// - Returns: The flags.
    package func conditionFlags(
        for condition: MonitorCondition,
        overBudget: Bool,
        persistenceUnavailable: Bool
    ) -> Set<MonitorEvent.Flag> {
        var flags = Set<MonitorEvent.Flag>()
        let now = authorization
        if !now.servicesEnabled {
            flags.insert(.authorizationDeniedGlobally)
        } else if now.status == .restricted {
            flags.insert(.authorizationRestricted)
        } else if now.status == .denied {
            flags.insert(.authorizationDenied)
        }
        if now.status == .notDetermined, prompt != nil { flags.insert(.authorizationRequestInProgress) }
        let sessionRequired =
            declarations.requiresExplicitServiceSession && !holdsAuthorizingSession
            && (needsExplicitSession || now.status == .notDetermined)
        if sessionRequired { flags.insert(.serviceSessionRequired) }
        if now.status.isAuthorized, !sessionRequired, !isInUse, !conditionEventsReachAppNotInUse {
            flags.insert(.insufficientlyInUse)
        }
        switch condition {
        case .circularGeographic:
            if now.status.isAuthorized, now.accuracy == .reducedAccuracy { flags.insert(.accuracyLimited) }
            if overBudget { flags.insert(.conditionLimitExceeded) }
        case .beaconIdentity:
            flags.insert(.conditionUnsupported)
        }
        if persistenceUnavailable { flags.insert(.persistenceUnavailable) }
        return flags
    }

    /// Whether an authorized app that is not in use still receives its conditions' events: real Always, and under the
    /// explicit-session opt-in an Always session held (rule 13).
    private var conditionEventsReachAppNotInUse: Bool {
        authorization.status == .authorizedAlways && !grant.provisionalAlways
            && (!needsExplicitSession || holdsSession(asking: .always))
    }

    /// Whether a condition's state change may be delivered now: the app is authorized and no flag but
    /// `persistenceUnavailable` holds (that one reports, it does not hold events back). Apple is silent on an app not
    /// yet decided with no prompt on screen; Whereabouts holds its changes, without a flag.
    ///
    /// - Parameter flags: The condition's flags now (``conditionFlags(for:overBudget:persistenceUnavailable:)``).
    /// - Returns: Whether the change is delivered.
    package func mayDeliverConditionChange(flags: Set<MonitorEvent.Flag>) -> Bool {
        authorization.status.isAuthorized && flags.subtracting([.persistenceUnavailable]).isEmpty
    }

    /// The state an event reports for a condition whose flags make it unmonitored: a beacon without ranging and a
    /// condition beyond the budget are ``MonitorConditionState/unmonitored``; others `nil` (their state stands).
    ///
    /// - Parameter flags: The condition's flags.
    /// - Returns: `.unmonitored`, or `nil`.
    package static func forcedConditionState(flags: Set<MonitorEvent.Flag>) -> MonitorConditionState? {
        flags.contains(.conditionUnsupported) || flags.contains(.conditionLimitExceeded) ? .unmonitored : nil
    }

    /// Which conditions lie beyond the budget the app's conditions share with its regions
    /// (``maximumMonitoredRegions``, 20).
    ///
    /// Regions never exceed it (a region that does not fit is refused), so they come first; the circles take what is
    /// left in the order they were added, across every monitor of the app. Beacons take none of it: the simulated OS
    /// does not monitor them. Apple says only that the limit is per app; sharing it with regions this way is
    /// Whereabouts' choice, after the relaunch cascade that pushes an app over it in the reports of apps that ship
    /// `CLMonitor`.
    ///
    /// - Parameters:
    ///   - regions: How many regions the app monitors.
    ///   - conditions: Every monitor's conditions, in the order they were added.
    /// - Returns: For each condition, whether it is beyond the budget.
    package static func conditionsOverBudget(regions: Int, conditions: [MonitorCondition]) -> [Bool] {
        var left = max(0, maximumMonitoredRegions - regions)
        return conditions.map { condition in
            guard condition.isCircularGeographic else { return false }
            guard left > 0 else { return true }
            left -= 1
            return false
        }
    }

    /// Why a region may not be monitored because the conditions fill the budget, or `nil` when it fits: the regions
    /// and every monitor's circles together may not pass ``maximumMonitoredRegions``.
    ///
    /// - Parameters:
    ///   - region: The region to monitor.
    ///   - monitored: The identifiers of the regions monitored now.
    ///   - conditions: How many circular conditions the app's monitors hold.
    /// - Returns: The error, or `nil`.
    package static func sharedBudgetError(
        for region: Region,
        monitored: Set<String>,
        conditions: Int
    ) -> LocationError? {
        guard conditions > 0, !monitored.contains(region.identifier),
            monitored.count + conditions >= maximumMonitoredRegions
        else { return nil }
        return .regionMonitoringFailure(
            "the app monitors \(monitored.count) regions and \(conditions) conditions of its condition monitors, "
                + "which share a budget of \(maximumMonitoredRegions); stop monitoring a region or remove a condition "
                + "before adding \"\(region.identifier)\""
        )
    }
}
