extension ManagerClientHolder {
    /// The client logic over a new location manager of the simulated OS, made on first use.
    ///
    /// - Parameters:
    ///   - os: The simulated OS.
    ///   - source: Where the manager's raw fixes come from.
    ///   - clock: The clock the client logic waits on for what iOS does not announce.
    /// - Returns: The holder.
    package nonisolated static func simulated(
        os: SimulatedOS,
        source: any LocationSource,
        clock: any Clock<Duration> = ContinuousClock()
    ) -> ManagerClientHolder {
        // The client belongs to the run of the app's process it is made in, even when its manager is made later.
        let process = os.processSnapshot.current
        return ManagerClientHolder(
            beforeFirstUse: { os.authorizationSnapshot },
            { ManagerClient(engine: os, source: source, clock: clock, process: process) }
        )
    }
}

extension ManagerClient {
    /// Makes the client logic over a new location manager of the simulated OS, and follows the app's activity there.
    ///
    /// - Parameters:
    ///   - engine: The simulated OS.
    ///   - source: Where the manager's raw fixes come from.
    ///   - clock: The clock the client logic waits on.
    ///   - process: The run of the app's process the client was made in (``SimulatedOS/processSnapshot``); `nil`: the
    ///     current one.
    package convenience init(
        engine: SimulatedOS,
        source: any LocationSource,
        clock: any Clock<Duration>,
        process: Int? = nil
    ) {
        let manager = SimulatedLocationManager(engine: engine, source: source, process: process)
        let state: ApplicationState = engine.appStateSnapshot.current == .foreground ? .active : .background
        self.init(
            manager: manager,
            applicationState: state,
            declarations: .success(engine.declarations),
            clock: clock,
            alwaysMemory: AlwaysRequestMemory(
                // The OS keeps it in the grant, and records it when it shows the upgrade prompt.
                wasRequested: { engine.grantSnapshot.current.alwaysPromptShown },
                recordRequest: {}
            )
        )
        // One bound for what waits (the OS's), in the adapter's queues; the OS narrows them at once on a change.
        bufferedFixLimit = engine.options.bufferedFixLimit
        deliveryGate = engine.deliveryGate
        manager.waitForRoom = { [weak self] in await self?.waitForRoom() }
        manager.activity = { [weak self] change in self?.applicationActivityChanged(change) }
    }
}
