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
/// reports. Between fixes the run yields so the OS and the monitor take the fix in; it does not wait for the monitor
/// to settle, because a monitor waiting for a fresh fix waits for the next fix of the track. At the end the source
/// finishes, so a fix still asked for fails at once, and the monitor settles and stops.
///
/// The app starts no location service of its own: what wakes it is the monitor's conditions and what the monitor
/// starts with them. Until the simulated OS has condition monitors, the monitor evaluates the fixes the app receives
/// itself, and in this run none reaches it in the background, so nothing is reported.
enum GeofenceRun {
    /// The app's identifier on the simulated phone.
    static let appID = "com.example.geofences"

    /// Replays a track through a monitor of the fences.
    ///
    /// - Parameters:
    ///   - track: The fixes, in time order.
    ///   - fences: The app's fences.
    /// - Returns: The events the monitor reported, in order, and the most conditions it held at once.
    /// - Throws: ``BenchError`` when the simulated phone does not hold precise Always location.
    static func run(
        track: [Location],
        fences: [Geofence]
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
        let monitor = GeofenceMonitor(client: client, fences: fences)
        let reported = Task {
            var events: [GeofenceEvent] = []
            for await event in monitor.events { events.append(event) }
            return events
        }
        try await monitor.start()
        await os.handle(.background)
        for fix in track {
            if gps.isRunning { _ = await gps.send(fix) }
            for _ in 0..<8 { await Task.yield() }
        }
        gps.finish()
        await monitor.settle()
        let mostConditions = await monitor.mostConditions
        await monitor.stop()
        return (await reported.value, mostConditions)
    }
}
