import Foundation
import Glibc
import Whereabouts
import WhereaboutsTesting

/// `whereabouts-bench pipeline`: fixes from a source through the engine to a live-updates consumer, against the
/// fastest bare hand-off of the same fixes between two tasks, and a revoke under full load.
///
/// Ours: a ``SimulatedOS`` holding a precise When-In-Use grant (app in the foreground), a pull-based
/// source that hands over N prepared fixes in batches of 256 (as a replay at `--speed max` does), and one consumer
/// of `LocationClient.simulated(os:source:)`: `liveUpdates()` (one update at a time) and `liveUpdateBatches()`
/// (every waiting update at once), counting the updates with a location. Timed from the call until the stream ends
/// after the last fix.
/// Baselines, in the same run: a producer task yields the same N fixes into an `AsyncStream` one at a time, and in
/// batches of 256 (`AsyncStream<[Location]>`, each batch copied out of the array of fixes), and a consumer reads
/// them; the goal is measured against the faster. The baselines' streams are unbounded (`AsyncStream`'s default
/// buffering: their producer never waits), where ours holds the source back at `bufferedFixLimit`. Every
/// measurement also reports the CPU time of all threads per fix, which a busy machine disturbs less than the rate.
/// Revoke: an endless source under full load, a consumer that serializes a JSON object per fix (slower than the
/// source), and a revoke after 20,000 fixes from another task;
/// counts the fixes the consumer reads once the revoke has returned (must be 0), and the time until it reads it.
enum PipelineBenchmark: Benchmark {
    static let name = "pipeline"
    static let abstract =
        "Source → engine → liveUpdates / liveUpdateBatches (precise grant), against bare per-fix and batched "
        + "AsyncStream hand-offs; fixes after a revoke under full load."

    static func run(_ options: BenchmarkOptions) async throws -> [Figure] {
        let count = options.quick ? 300_000 : 1_000_000
        var walker = TrackWalker(seed: 7)
        let fixes = (0..<count).map { _ in walker.next().location }
        // Made before the clock starts, as the baselines' array of fixes is.
        let source = ArraySource(fixes: fixes)
        var perFix: [Double] = []
        var batched: [Double] = []
        var barePerFix: [Double] = []
        var bareBatched: [Double] = []
        var perFixCPU: [Double] = []
        var batchedCPU: [Double] = []
        var barePerFixCPU: [Double] = []
        var bareBatchedCPU: [Double] = []
        /// Runs one measurement; returns its rate and the CPU time of all threads per fix, in nanoseconds.
        func measure(_ body: () async throws -> Double) async rethrows -> (rate: Double, cpu: Double) {
            let start = processCPUTime()
            let seconds = try await body()
            return (Double(count) / seconds, (processCPUTime() - start) / Double(count) * 1e9)
        }
        for _ in 0..<options.repeatCount {
            var run = try await measure { try await throughEngine(source, batched: false) }
            perFix.append(run.rate)
            perFixCPU.append(run.cpu)
            run = try await measure { try await throughEngine(source, batched: true) }
            batched.append(run.rate)
            batchedCPU.append(run.cpu)
            run = await measure { await bareHandOff(fixes) }
            barePerFix.append(run.rate)
            barePerFixCPU.append(run.cpu)
            run = await measure { await bareBatchedHandOff(fixes) }
            bareBatched.append(run.rate)
            bareBatchedCPU.append(run.cpu)
        }
        let bare = Samples(barePerFix)
        let bareBatches = Samples(bareBatched)
        let fastestIsBatched = bareBatches.median >= bare.median
        let fastest = fastestIsBatched ? bareBatches : bare
        let fastestName = fastestIsBatched ? "bare AsyncStream hand-off, batches of 256" : "bare AsyncStream hand-off"
        let baselines = String(
            format: "bare hand-offs: per fix %.0f k/s (%.0f–%.0f), %.0f ns CPU per fix; batches of 256 %.0f k/s "
                + "(%.0f–%.0f), %.0f ns CPU per fix; ",
            bare.median / 1e3,
            bare.spread.lowerBound / 1e3,
            bare.spread.upperBound / 1e3,
            Samples(barePerFixCPU).median,
            bareBatches.median / 1e3,
            bareBatches.spread.lowerBound / 1e3,
            bareBatches.spread.upperBound / 1e3,
            Samples(bareBatchedCPU).median
        )
        func figure(_ rates: [Double], cpu: [Double], form: String) -> Figure {
            let ours = Samples(rates)
            let slowdown = fastest.median / ours.median
            return Figure(
                name: "Pipeline, \(count) fixes, \(form)",
                unit: "fixes/s",
                ours: ours.median,
                oursSpread: ours.spread,
                baselineName: fastestName,
                baseline: fastest.median,
                baselineSpread: fastest.spread,
                higherIsBetter: true,
                goal: "≥ 2M fixes/s and ≤ 1.2× the fastest bare hand-off",
                met: ours.median >= 2_000_000 && slowdown <= 1.2,
                note: String(
                    format: "ours takes %.2f× the fastest bare hand-off's time, %.2f× the per-fix one's, %.2f× the "
                        + "batched one's; ",
                    slowdown,
                    bare.median / ours.median,
                    bareBatches.median / ours.median
                ) + baselines
                    + String(format: "CPU of all threads per fix: ours %.0f ns; ", Samples(cpu).median)
                    + "median of \(rates.count) alternating runs; pull-based source (batches of 256) → "
                    + "SimulatedOS (precise When-In-Use, foreground) → \(form) → one consumer"
            )
        }
        var lateFixes: [Double] = []
        var latencies: [Double] = []
        for _ in 0..<options.repeatCount {
            let (late, seconds) = try await revokeUnderLoad(after: 20_000)
            lateFixes.append(Double(late))
            latencies.append(seconds * 1e6)
        }
        let latency = Samples(latencies)
        return [
            figure(perFix, cpu: perFixCPU, form: "liveUpdates()"),
            figure(batched, cpu: batchedCPU, form: "liveUpdateBatches()"),
            Figure(
                name: "Revoke under full load: fixes read after it",
                unit: "fixes",
                ours: lateFixes.max() ?? 0,
                oursSpread: (lateFixes.min() ?? 0)...(lateFixes.max() ?? 0),
                baselineName: nil,
                baseline: nil,
                baselineSpread: nil,
                higherIsBetter: false,
                goal: "0: the revoke is the next thing the consumer reads",
                met: lateFixes.allSatisfy { $0 == 0 },
                note: String(
                    format: "worst of %d runs; revoke seen %.0f µs (%.0f–%.0f) after it returned; ",
                    lateFixes.count,
                    latency.median,
                    latency.spread.lowerBound,
                    latency.spread.upperBound
                ) + "endless pull-based source, liveUpdates() consumer serializing JSON per fix, "
                    + "engine.changeSettings(status: .denied) from another task after 20,000 fixes"
            ),
        ]
    }

    /// The CPU time of this process (all threads, user and system), in seconds.
    static func processCPUTime() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
        return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
    }

    /// An engine with a precise When-In-Use grant.
    static func preciseEngine() async throws -> SimulatedOS {
        let appID = "com.example.bench"
        let engine = await SimulatedOS(
            appID: appID,
            declarations: UsageDescriptions(whenInUse: "Shows where you are on the map."),
            prompter: ScriptedPerson(),
            consentStore: InMemoryConsentStore([appID: Grant(decision: .whenInUse, precise: true)]),
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 1, k1: 2))
        )
        guard await engine.authorization().accuracy == .fullAccuracy else {
            throw BenchError("the bench's engine is not precisely authorized; the grant in its consent store is wrong")
        }
        return engine
    }

    /// Sends the source's fixes through a live engine and returns the seconds until the consumer saw the last.
    static func throughEngine(_ source: ArraySource, batched: Bool) async throws -> Double {
        let engine = try await preciseEngine()
        let client = LocationClient.simulated(os: engine, source: source)
        // The walk stands still at times; with pausing on (the default, as on iOS) updates would pause there.
        try await client.set(pausesLocationUpdatesAutomatically: false)
        var received = 0
        var checksum = 0.0
        let seconds = try await Measure.timeAsync {
            if batched {
                for try await batch in await client.liveUpdateBatches() {
                    for update in batch {
                        guard let location = update.location else { continue }
                        received += 1
                        checksum += location.coordinate.latitude
                    }
                }
            } else {
                for try await update in await client.liveUpdates() {
                    guard let location = update.location else { continue }
                    received += 1
                    checksum += location.coordinate.latitude
                }
            }
        }
        let sent = source.prepared.count
        guard received == sent, checksum.isFinite else {
            throw BenchError("the consumer received \(received) of \(sent) fixes; the engine dropped some")
        }
        return seconds
    }

    /// Revokes from another task after `count` fixes under full load; returns how many fixes the consumer read
    /// once the revoke had returned, and the seconds from its return until the consumer read it.
    static func revokeUnderLoad(after count: Int) async throws -> (late: Int, seconds: Double) {
        let engine = try await preciseEngine()
        let client = LocationClient.simulated(os: engine, source: EndlessSource())
        try await client.set(pausesLocationUpdatesAutomatically: false)
        let (reached, signal) = AsyncStream<Void>.makeStream()
        let revokedAt = LockedClock()
        let revoker = Task {
            for await _ in reached { break }
            await engine.changeSettings(status: .denied)
            revokedAt.mark()
        }
        var read = 0
        var late = 0
        var seenAt: Double?
        var written = 0
        for try await update in await client.liveUpdates() {
            // Read before the hand-off: a fix handed out after the revoke returned is late.
            let revoked = revokedAt.instant != nil
            if let location = update.location {
                // A consumer as slow as `track`'s NDJSON writer was: a JSON object per fix through Foundation's
                // serializer, far slower than the engine, so fixes would queue.
                let object: [String: Any] = [
                    "lat": location.coordinate.latitude, "lon": location.coordinate.longitude,
                    "time": location.timestamp.timeIntervalSince1970,
                ]
                written &+= (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))?.count ?? 0
                read += 1
                if revoked { late += 1 }
                if read == count { signal.yield() }
            } else if update.authorization.status == .denied {
                seenAt = Measure.now()
                break
            }
        }
        await revoker.value
        guard let seenAt, let returned = revokedAt.instant, written > 0 else {
            throw BenchError("the consumer never read the revoke")
        }
        return (late, max(0, seenAt - returned))
    }

    /// Hands the fixes from a producer task to this one through an `AsyncStream`, one at a time; returns the
    /// seconds taken.
    static func bareHandOff(_ fixes: [Location]) async -> Double {
        var received = 0
        var checksum = 0.0
        let seconds = await Measure.timeAsync {
            let (stream, continuation) = AsyncStream<Location>.makeStream()
            let producer = Task {
                for fix in fixes { continuation.yield(fix) }
                continuation.finish()
            }
            for await location in stream {
                received += 1
                checksum += location.coordinate.latitude
            }
            await producer.value
        }
        precondition(received == fixes.count && checksum.isFinite, "the bare hand-off lost fixes")
        return seconds
    }

    /// Hands the fixes from a producer task to this one through an `AsyncStream` in batches of 256; returns the
    /// seconds taken.
    static func bareBatchedHandOff(_ fixes: [Location]) async -> Double {
        var received = 0
        var checksum = 0.0
        let seconds = await Measure.timeAsync {
            let (stream, continuation) = AsyncStream<[Location]>.makeStream()
            let producer = Task {
                var start = 0
                while start < fixes.count {
                    let end = min(start + 256, fixes.count)
                    continuation.yield(Array(fixes[start..<end]))
                    start = end
                }
                continuation.finish()
            }
            for await batch in stream {
                for location in batch {
                    received += 1
                    checksum += location.coordinate.latitude
                }
            }
            await producer.value
        }
        precondition(received == fixes.count && checksum.isFinite, "the bare batched hand-off lost fixes")
        return seconds
    }
}

/// A pull-based source of prepared fixes: each batch of 256 is handed over when the engine asks for it, as a
/// replay at `--speed max` does. The events are made once, before any run is timed; each batch is copied out of
/// them, as the batched baseline copies its batches out of its array of fixes.
struct ArraySource: LocationSource {
    let prepared: [SourceEvent]

    init(fixes: [Location]) {
        prepared = fixes.map { SourceEvent.location($0) }
    }

    func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        let batches = eventBatches()
        return AsyncThrowingStream<SourceEvent, any Error> { continuation in
            let task = Task {
                do {
                    for try await batch in batches { for event in batch { continuation.yield(event) } }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func eventBatches() -> AsyncThrowingStream<[SourceEvent], any Error> {
        let cursor = Cursor(prepared)
        return AsyncThrowingStream { cursor.next() }
    }

    /// Where the replay of the array is; read by one consumer at a time.
    final class Cursor: @unchecked Sendable {
        // @unchecked: `AsyncThrowingStream(unfolding:)` calls `next()` from one task at a time.
        let events: [SourceEvent]
        var start = 0

        init(_ events: [SourceEvent]) { self.events = events }

        func next() -> [SourceEvent]? {
            guard start < events.count else { return nil }
            let end = min(start + Self.batch, events.count)
            defer { start = end }
            return Array(events[start..<end])
        }

        static let batch = 256
    }
}

/// A pull-based source that never ends: a walk, one fix a second, in batches of 256.
struct EndlessSource: LocationSource {
    func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        let batches = eventBatches()
        return AsyncThrowingStream<SourceEvent, any Error> { continuation in
            let task = Task {
                for try await batch in batches { for event in batch { continuation.yield(event) } }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func eventBatches() -> AsyncThrowingStream<[SourceEvent], any Error> {
        let walker = Walker()
        return AsyncThrowingStream { walker.next() }
    }

    /// The walk so far; read by one consumer at a time.
    final class Walker: @unchecked Sendable {
        // @unchecked: `AsyncThrowingStream(unfolding:)` calls `next()` from one task at a time.
        var walker = TrackWalker(seed: 11)

        func next() -> [SourceEvent]? {
            (0..<256).map { _ in .location(walker.next().location) }
        }
    }
}

/// When something happened, set once from one task and read from another.
final class LockedClock: @unchecked Sendable {
    // @unchecked: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value: Double?

    /// The moment marked, if any.
    var instant: Double? { lock.withLock { value } }

    /// Marks now.
    func mark() { lock.withLock { value = Measure.now() } }
}
