extension LocationClient {
    /// The client on the simulated OS: the same client logic as `LocationClient.live()` on a device, over a location
    /// manager of the simulated OS instead of `CLLocationManager`.
    ///
    /// This is the client of Linux, of the `whereabouts` command and of tests that run the real rules. Each call makes
    /// one location manager on `os` (the simulated OS decides as iOS would) that owns `source`: its live updates,
    /// one-shot requests and monitors get this source's fixes, and two clients on one OS share the authorization
    /// but never each other's source. The source runs only while something needs fixes (live updates, a one-shot
    /// request, regions, condition monitors, visits, heading) and stops when the last consumer cancels. What the app
    /// sees is what Core Location would report: a `requestLocation()` fix also reaches ``events`` as
    /// `.didUpdateLocations`, a request iOS ignores sends no event, and a prompt on screen makes the app resign active.
    /// Its ``openMonitor`` opens the app's condition monitors on `os`; the first circle added feeds them from `source`.
    ///
    /// ```swift
    /// let os = await SimulatedOS(appID: "com.example.map", declarations: declarations, prompter: person)
    /// let client = LocationClient.simulated(os: os, source: ReplaySource(.file(trackURL)))
    /// ```
    ///
    /// - Parameters:
    ///   - os: The simulated OS: the rules, the grant, the prompts and the app's life.
    ///   - source: Where this client's raw fixes come from.
    /// - Returns: A client over a new location manager of the simulated OS.
    public static func simulated(os: SimulatedOS, source: any LocationSource) -> LocationClient {
        let holder = ManagerClientHolder.simulated(os: os, source: source)
        var client = LocationClient.managed(holder)
        // Monitors are the app's, as `CLMonitor`s are; the client's source feeds them once it opens one.
        client.openMonitor = { name in
            let attachment = await MainActor.run { (holder.adapter.manager as? SimulatedLocationManager)?.client }
            return try await os.openMonitor(name, for: attachment)
        }
        return client
    }

    /// The client on the simulated OS, by its former label.
    ///
    /// - Parameters:
    ///   - engine: The simulated OS.
    ///   - source: Where this client's raw fixes come from.
    /// - Returns: ``simulated(os:source:)``.
    @available(*, deprecated, renamed: "simulated(os:source:)")
    public static func simulated(engine: SimulatedOS, source: any LocationSource) -> LocationClient {
        simulated(os: engine, source: source)
    }

    /// The client on an engine and a source.
    ///
    /// - Parameters:
    ///   - engine: The engine.
    ///   - source: The source.
    /// - Returns: ``simulated(os:source:)``.
    @available(
        *,
        deprecated,
        renamed: "simulated(os:source:)",
        message: "`live` now names the platform's real location client"
    )
    public static func live(engine: SimulatedOS, source: any LocationSource) -> LocationClient {
        simulated(os: engine, source: source)
    }
}
