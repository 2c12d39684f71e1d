import Foundation
import Glibc
import Whereabouts
import WhereaboutsGPSD

/// One latency run: a real gpsd fed by an ``EpochFeeder``, read at the same time by Whereabouts'
/// `GPSDSource.events()` and by gpsd's Python client; each fix's arrival is matched to its epoch's write.
struct GPSDLatencyRun {
    /// Per client: write → arrival, in seconds, for each measured epoch that arrived.
    var ours: [Double]
    /// Through the engine: `LocationClient.simulated(os:source:)`'s `liveUpdates()`, precise when-in-use grant.
    var engine: [Double]
    var python: [Double]
    /// A bare blocking-socket reader stamping arrival before any parsing: the floor on this machine.
    var floor: [Double]
    /// How many epochs were measured.
    var epochs: Int
    /// One TPV line as the real gpsd wrote it (a later fix, with every field), for the throughput replay.
    var recordedTPV: String
    /// gpsd's greeting lines (VERSION, DEVICES, WATCH) as it wrote them.
    var recordedGreeting: String

    /// Runs it.
    ///
    /// - Parameters:
    ///   - epochs: How many epochs to measure.
    ///   - interval: Seconds between epochs.
    ///   - folder: Scratch folder for gpsd's files and the Python script.
    /// - Returns: The latencies each client saw.
    /// - Throws: ``BenchError`` when gpsd or a client does not come up.
    static func measure(epochs: Int, interval: Double, folder: URL) async throws -> GPSDLatencyRun {
        let feeder = try EpochFeeder()
        defer { feeder.stop() }
        let gpsd = try GPSDDaemon(feederPort: feeder.port, folder: folder.appendingPathComponent("gpsd"))
        defer { gpsd.stop() }
        feeder.run(count: epochs, interval: interval)

        let script = try PythonGPSClient.install(in: folder)
        let python = try ChildProcess(PythonGPSClient.interpreter, [script, "latency", String(gpsd.port)])
        defer { python.stop() }
        let arrivals = Arrivals()
        let source = GPSDSource(host: "127.0.0.1", port: gpsd.port)
        let consumer = Task {
            for try await event in source.events() {
                if case .location(let location) = event { arrivals.add(Measure.now(), location.timestamp) }
            }
        }
        defer { consumer.cancel() }
        let engineArrivals = Arrivals()
        let client = LocationClient.simulated(
            os: await Self.grantedEngine(),
            source: GPSDSource(host: "127.0.0.1", port: gpsd.port)
        )
        // The feeder's fixes may stand still; with pausing on (the default) updates would pause there.
        try await client.set(pausesLocationUpdatesAutomatically: false)
        let engineConsumer = Task {
            for try await update in await client.liveUpdates() {
                if let location = update.location { engineArrivals.add(Measure.now(), location.timestamp) }
            }
        }
        defer { engineConsumer.cancel() }
        let raw = try RawGPSDReader(port: gpsd.port)
        defer { raw.stop() }

        // Warm-up: wait until every client has a fix, then measure.
        let ready = Measure.now() + 30
        while arrivals.count == 0 || engineArrivals.count == 0 || raw.recording == nil
            || !python.standardOutput.contains("READY")
        {
            guard Measure.now() < ready, python.isRunning else {
                let pythonReady = python.standardOutput.contains("READY") ? "ready" : "not ready"
                throw BenchError(
                    "no fix reached every client within 30 s (GPSDSource: \(arrivals.count), engine: "
                        + "\(engineArrivals.count), Python: \(pythonReady)); see \(gpsd.logPath)"
                )
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        feeder.release()
        while !feeder.isDone { try await Task.sleep(for: .milliseconds(50)) }
        try await Task.sleep(for: .milliseconds(200))
        consumer.cancel()
        engineConsumer.cancel()
        raw.stop()
        python.wait(timeout: 10)

        guard let first = feeder.measuredFrom else { throw BenchError("the feeder never started measuring") }
        let measured = first..<(first + epochs)
        func latencies(_ pairs: [(Double, Date)]) -> [Double] {
            pairs.compactMap { arrival, time in
                guard let index = EpochFeeder.index(of: time), measured.contains(index),
                    let sent = feeder.sendTime(of: index)
                else { return nil }
                return arrival - sent
            }
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let lines = python.standardOutput.split(whereSeparator: \.isNewline)
        let pythonPairs = lines.compactMap { line -> (Double, Date)? in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let stamp = Double(parts[0]), let time = formatter.date(from: String(parts[1]))
            else { return nil }
            return (stamp, time)
        }
        let rawPairs = raw.arrivals.compactMap { stamp, text in formatter.date(from: text).map { (stamp, $0) } }
        guard let recording = raw.recording else { throw BenchError("the raw reader kept no TPV from gpsd") }
        return GPSDLatencyRun(
            ours: latencies(arrivals.all),
            engine: latencies(engineArrivals.all),
            python: latencies(pythonPairs),
            floor: latencies(rawPairs),
            epochs: epochs,
            recordedTPV: recording.tpv,
            recordedGreeting: recording.greeting
        )
    }

    /// An engine whose app already holds a precise when-in-use grant, in the foreground, so every fix flows.
    private static func grantedEngine() async -> SimulatedOS {
        await SimulatedOS(
            appID: "bench",
            declarations: UsageDescriptions(whenInUse: "The bench reads fixes from gpsd."),
            prompter: NoPrompts(),
            consentStore: InMemoryConsentStore(["bench": Grant(decision: .whenInUse, precise: true)])
        )
    }
}

/// Fix arrivals recorded by our consumer: (monotonic time, fix time).
private final class Arrivals: @unchecked Sendable {
    // @unchecked: `pairs` is only touched while holding `lock`.
    private let lock = NSLock()
    private var pairs: [(Double, Date)] = []

    func add(_ stamp: Double, _ time: Date) { lock.withLock { pairs.append((stamp, time)) } }
    var count: Int { lock.withLock { pairs.count } }
    var all: [(Double, Date)] { lock.withLock { pairs } }
}

/// The grant is given up front, so no prompt is ever shown; one that were would be declined.
private struct NoPrompts: PermissionPrompter {
    func answer(_ prompt: PermissionPrompt) async -> PromptAnswer { .decline(prompt.kind) }
}
