import Foundation
import Whereabouts
import WhereaboutsGPSD

/// `whereabouts-bench gpsd`: TPV → consumer latency against a real gpsd on loopback, and client throughput,
/// each beside gpsd's own Python client (`python3-gps`) in the same run.
///
/// Latency: the bench's NMEA feeder stamps CLOCK_MONOTONIC right before it writes each epoch (GGA then RMC) to
/// gpsd; Whereabouts' `GPSDSource.events()` consumer and the Python client (`gps.gps(...)`, `session.next()`)
/// stamp the same clock when the TPV arrives; fixes are matched to epochs by their GPS time. Both clients are
/// connected to the same gpsd at once and see the same epochs, so gpsd's own parsing and cycle handling are in
/// both figures. Throughput: real gpsd output recorded in the same run, replayed as fast as each client reads
/// (see ``GPSDReplayServer``), one client at a time, alternating.
enum GPSDBenchmark: Benchmark {
    static let name = "gpsd"
    static let abstract = "gpsd TPV → consumer latency (p50/p99) and TPV/s, against gpsd's Python client."

    static func run(_ options: BenchmarkOptions) async throws -> [Figure] {
        if GPSDDaemon.executable == nil {
            print("gpsd: skipped; gpsd is not installed (apt-get install -y --no-install-recommends gpsd)")
            return []
        }
        if let problem = PythonGPSClient.check() {
            print("gpsd: skipped; \(problem)")
            return []
        }
        let folder = try options.scratch().appendingPathComponent("gpsd")
        let epochs = options.quick ? 600 : 3_000
        let interval = 0.01
        let latency = try await GPSDLatencyRun.measure(epochs: epochs, interval: interval, folder: folder)
        var figures = latencyFigures(latency, blocks: options.repeatCount, interval: interval)
        figures.append(try await throughput(latency, options: options, folder: folder))
        return figures
    }

    /// p50 and p99 over every measured epoch; the spread is that of the same quantile over `blocks` consecutive
    /// blocks of epochs.
    private static func latencyFigures(_ run: GPSDLatencyRun, blocks: Int, interval: Double) -> [Figure] {
        let arrived =
            "of \(run.epochs) epochs, \(run.ours.count) reached GPSDSource, \(run.engine.count) the engine's "
            + "liveUpdates, \(run.python.count) the Python client"
        let what =
            "feeder write (GGA+RMC on TCP) → gpsd 3.22 → TPV on loopback → client decoded the fix; all three "
            + "clients on the same gpsd at once, one epoch every \(Int(interval * 1000)) ms; the engine consumer "
            + "is LocationClient.simulated(os:source:).liveUpdates() with a precise when-in-use grant; spread: the "
            + "quantile over \(blocks) blocks of the run; \(arrived)"
        func quantiles(_ values: [Double], _ q: Double) -> (Double, ClosedRange<Double>)? {
            guard !values.isEmpty else { return nil }
            let size = max(1, values.count / blocks)
            let parts = stride(from: 0, to: values.count, by: size).map {
                Samples(Array(values[$0..<min($0 + size, values.count)]).map { $0 * 1000 }).quantile(q)
            }
            let sorted = parts.sorted()
            return (Samples(values.map { $0 * 1000 }).quantile(q), sorted.first!...sorted.last!)
        }
        var figures: [Figure] = []
        // The engine path's p99 is held to the machine's floor in the same run; the source alone to 1 ms.
        let floorP99 = quantiles(run.floor, 0.99)?.0
        let engineAllowance = 0.15
        for (consumer, values) in [("GPSDSource.events()", run.ours), ("engine + LocationClient", run.engine)] {
            for (label, q) in [("p50", 0.5), ("p99", 0.99)] {
                guard let ours = quantiles(values, q) else { continue }
                let python = quantiles(run.python, q)
                let isEngine = consumer.hasPrefix("engine")
                let limit: Double? = q != 0.99 ? nil : isEngine ? floorP99.map { $0 + engineAllowance } : 1.0
                let goal: String? = q != 0.99 ? nil : isEngine ? "≤ floor + \(engineAllowance) ms p99" : "≤ 1 ms"
                figures.append(
                    Figure(
                        name: "gpsd TPV → \(consumer) latency \(label)",
                        unit: "ms",
                        ours: ours.0,
                        oursSpread: ours.1,
                        baselineName: "python3-gps",
                        baseline: python?.0,
                        baselineSpread: python?.1,
                        higherIsBetter: false,
                        goal: goal,
                        met: limit.map { ours.0 <= $0 },
                        note: figures.isEmpty ? what : nil
                    )
                )
            }
        }
        for (label, q) in [("p50", 0.5), ("p99", 0.99)] {
            guard let floor = quantiles(run.floor, q) else { continue }
            figures.append(
                Figure(
                    name: "gpsd TPV → bare socket reader latency \(label) (the machine's floor)",
                    unit: "ms",
                    ours: floor.0,
                    oursSpread: floor.1,
                    higherIsBetter: false,
                    note: q == 0.5
                        ? "a blocking recv() on a thread of its own, stamped before any parsing, on the same gpsd in "
                            + "the same run (\(run.floor.count) epochs): gpsd, loopback and the scheduler, no client"
                        : nil
                )
            )
        }
        return figures
    }

    /// TPV/s of each client reading replayed gpsd output, alternating ours and Python's, `repeats` times each.
    private static func throughput(
        _ run: GPSDLatencyRun,
        options: BenchmarkOptions,
        folder: URL
    ) async throws -> Figure {
        let count = options.quick ? 20_000 : 100_000
        let server = try GPSDReplayServer(greeting: run.recordedGreeting, tpv: run.recordedTPV, count: count)
        defer { server.stop() }
        server.serve(connections: options.repeatCount * 2)
        let script = try PythonGPSClient.install(in: folder)
        var ours: [Double] = []
        var python: [Double] = []
        for _ in 0..<options.repeatCount {
            ours.append(try await oursThroughput(port: server.port, count: count))
            let child = try Measure.run(
                PythonGPSClient.interpreter,
                [script, "throughput", String(server.port), String(count)],
                captureOutput: true
            )
            let parts = child.standardOutput.split(whereSeparator: \.isWhitespace)
            guard child.status == 0, parts.count == 2, let seconds = Double(parts[1]), seconds > 0 else {
                throw BenchError("the Python client failed (status \(child.status)): \(child.standardOutput)")
            }
            python.append(Double(count - 1) / seconds)
        }
        let oursSamples = Samples(ours)
        let pythonSamples = Samples(python)
        return Figure(
            name: "gpsd client throughput",
            unit: "TPV/s",
            ours: oursSamples.median,
            oursSpread: oursSamples.spread,
            baselineName: "python3-gps",
            baseline: pythonSamples.median,
            baselineSpread: pythonSamples.spread,
            higherIsBetter: true,
            goal: "≥ 3× python3-gps",
            met: oursSamples.median >= 3 * pythonSamples.median,
            note: "\(count) TPV lines (\(server.payloadSize / 1_000_000) MB) recorded from the real gpsd in this run, "
                + "time renumbered, replayed from a bench TCP server as fast as the client reads; first to last "
                + "fix; ours: GPSDSource.events() holding every line (bufferedEventLimit = the line count), no fix "
                + "dropped; \(options.repeatCount) runs each, alternating"
        )
    }

    /// Fixes per second our `GPSDSource.events()` delivers from the replay server, first fix to `count`-th.
    ///
    /// The stream holds every line (`bufferedEventLimit: count`), as python3-gps's client does: with the default
    /// newest-wins limit a consumer slower than the socket would lose fixes and never see the `count`-th.
    private static func oursThroughput(port: Int, count: Int) async throws -> Double {
        let source = GPSDSource(
            host: "127.0.0.1",
            port: port,
            configuration: .init(bufferedEventLimit: count)
        )
        var received = 0
        var first = 0.0
        for try await event in source.events() {
            guard case .location = event else { continue }
            received += 1
            if received == 1 { first = Measure.now() }
            if received == count { break }
        }
        guard received == count else { throw BenchError("GPSDSource delivered \(received) of \(count) fixes") }
        return Double(count - 1) / (Measure.now() - first)
    }
}
