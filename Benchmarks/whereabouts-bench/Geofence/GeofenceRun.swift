import Foundation
import Whereabouts
import WhereaboutsTesting

/// One replay of a track through a ``GeofenceMonitor`` on a simulated iPhone in a pocket: what it reported, and the
/// most conditions it held.
///
/// The phone: a ``SimulatedOS`` with Always and precise location granted up front (in its consent store, as after
/// the person allowed them), the app launched, the monitor started, and the app sent to the background, where it
/// stays for the whole track, as for a person commuting with the phone in a pocket. The track is the device's GPS: a
/// ``ScriptedSource`` that gets each fix in turn whenever the OS is reading it (a fix sent while nothing reads the
/// GPS is lost, as on a device), and the fixes carry their own timestamps, which date everything the monitor
/// reports. After each fix the run lets the OS and the monitor handle what it caused (the condition events, the
/// swap of fences, the answer to a fix the monitor asked for) before the next, as the seconds between a phone's fixes
/// do: until two rounds find nothing new. A fix the monitor asked for and has not had is the track's next fix. At the
/// end the source finishes, so a fix still asked for fails at once, and the monitor settles and stops.
///
/// The app starts no location service of its own: what wakes it is the monitor's conditions and what the monitor
/// starts with them (significant changes and visits, with Always).
enum GeofenceRun {
    /// The app's identifier on the simulated phone.
    static let appID = "com.example.geofences"

    /// Replays a track through a monitor of the fences.
    ///
    /// - Parameters:
    ///   - track: The fixes, in time order.
    ///   - fences: The app's fences.
    ///   - backgroundUpdates: Whether the app allows background updates on its client (it declares the location
    ///     background mode): without them a wake in the background gets no fresh fix (rule 8) and re-plans only at
    ///     the next significant change or visit.
    /// - Returns: The events the monitor reported, in order, and the most conditions it held at once.
    /// - Throws: ``BenchError`` when the simulated phone does not hold precise Always location.
    static func run(
        track: [Location],
        fences: [Geofence],
        backgroundUpdates: Bool
    ) async throws -> (events: [GeofenceEvent], mostConditions: Int) {
        let os = await SimulatedOS(
            appID: appID,
            declarations: UsageDescriptions(
                whenInUse: "Tells you when you reach a place on your list.",
                always: "Tells you when you reach a place on your list, even when the app is closed.",
                backgroundModes: ["location"]
            ),
            prompter: ScriptedPerson(),
            consentStore: InMemoryConsentStore([appID: Grant(decision: .always, precise: true)]),
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 26, k1: 500))
        )
        let authorization = await os.authorization()
        guard authorization.status == .authorizedAlways, authorization.accuracy == .fullAccuracy else {
            throw BenchError(
                "the geofence run's phone holds \(authorization.status) with \(authorization.accuracy), not precise "
                    + "Always; the grant in its consent store is wrong"
            )
        }
        let gps = ScriptedSource(providesHeadings: false)
        let client = LocationClient.simulated(os: os, source: gps)
        // A fresh fix in the background, when the monitor wakes to re-plan, needs background updates allowed (rule
        // 8); the app declares the location background mode for it.
        if backgroundUpdates { try await client.set(allowsBackgroundLocationUpdates: true) }
        let monitor = GeofenceMonitor(client: client, fences: fences)
        let reported = Task {
            var events: [GeofenceEvent] = []
            for await event in monitor.events { events.append(event) }
            return events
        }
        try await monitor.start()
        await os.handle(.background)
        for fix in track {
            // A fix the monitor asked for is answered by this one: the answer is waited for (settle) before the next
            // is sent, as a phone's next fix comes a second later.
            if gps.isRunning { _ = await gps.send(fix) }
            await settle(monitor, os: os)
        }
        gps.finish()
        await monitor.settle()
        let mostConditions = await monitor.mostConditions
        await monitor.stop()
        return (await reported.value, mostConditions)
    }

    /// Lets the monitor take in and handle what the last fix caused: until two rounds in a row find nothing new and
    /// nothing on its way.
    ///
    /// What the OS hands a location manager reaches its client through the main actor, which has a thread of its
    /// own: each round waits for the main actor's queue as well as the pool's, so a busy machine cannot make a round
    /// pass while an event is queued there. A fix the monitor asked for is on its way while the monitor waits for it
    /// and the OS no longer does (it answered, or refused).
    private static func settle(_ monitor: GeofenceMonitor, os: SimulatedOS) async {
        var last = (-1, -1, -1)
        for _ in 0..<1000 {
            for _ in 0..<4 { await Task.yield() }
            await MainActor.run {}
            for _ in 0..<4 { await Task.yield() }
            await monitor.settle()
            let now = (await monitor.monitorEventsSeen, await monitor.fixesSeen, await monitor.fixesFetched)
            let fetching = await monitor.isFetching
            let osWaits = await os.hasOutstandingLocationRequests
            if now == last, !(fetching && !osWaits), await monitor.isIdle { return }
            last = now
        }
    }
}
