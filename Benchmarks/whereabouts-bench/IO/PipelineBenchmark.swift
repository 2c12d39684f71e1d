import Foundation
import Glibc
import Whereabouts
import WhereaboutsTesting

/// `whereabouts-bench pipeline`: fixes from a source through the engine to a live-updates consumer,
/// against a bare `AsyncStream` hand-off of the same fixes.
///
/// Ours: an ``AuthorizationEngine`` holding a precise When-In-Use grant (app in the foreground),
/// a source whose task yields N prepared fixes into an `AsyncThrowingStream` as fast as it can
/// (a push source, as gpsd's is), and one consumer of
/// `LocationClient.simulated(engine:source:).liveUpdates()` counting the updates with a location.
/// Timed from the `liveUpdates()` call until the stream ends after the last fix.
/// Baseline: a producer task yields the same N fixes into an `AsyncStream` and a consumer reads
/// them: the least any hand-off between two tasks costs.
enum PipelineBenchmark: Benchmark {
    static let name = "pipeline"
    static let abstract = "Source → engine → liveUpdates consumer (precise grant), against a bare AsyncStream hand-off."

    static func run(_ options: BenchmarkOptions) async throws -> [Figure] {
        let count = options.quick ? 300_000 : 1_000_000
        var walker = TrackWalker(seed: 7)
        let fixes = (0..<count).map { _ in walker.next().location }
        var ours: [Double] = []
        var bare: [Double] = []
        var oursCPU: [Double] = []
        var bareCPU: [Double] = []
        for _ in 0..<options.repeatCount {
            var start = processCPUTime()
            ours.append(Double(count) / (try await throughEngine(fixes)))
            oursCPU.append((processCPUTime() - start) / Double(count) * 1e9)
            start = processCPUTime()
            bare.append(Double(count) / (await bareHandOff(fixes)))
            bareCPU.append((processCPUTime() - start) / Double(count) * 1e9)
        }
        let oursRate = Samples(ours)
        let bareRate = Samples(bare)
        let slowdown = bareRate.median / oursRate.median
        return [
            Figure(
                name: "Pipeline, \(count) fixes",
                unit: "fixes/s",
                ours: oursRate.median,
                oursSpread: oursRate.spread,
                baselineName: "bare AsyncStream hand-off",
                baseline: bareRate.median,
                baselineSpread: bareRate.spread,
                higherIsBetter: true,
                goal: "≥ 2M fixes/s and ≤ 1.5× bare",
                met: oursRate.median >= 2_000_000 && slowdown <= 1.5,
                note: String(format: "ours takes %.2f× the bare hand-off's time; ", slowdown)
                    + String(
                        format: "CPU of all threads per fix: ours %.0f ns, bare %.0f ns; ",
                        Samples(oursCPU).median,
                        Samples(bareCPU).median
                    )
                    + "median of \(ours.count) alternating runs; source task → AsyncThrowingStream → AuthorizationEngine "
                    + "(precise When-In-Use, foreground) → liveUpdates() → one consumer, vs producer task → "
                    + "AsyncStream → consumer"
            )
        ]
    }

    /// The CPU time of this process (all threads, user and system), in seconds.
    static func processCPUTime() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
        return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
    }

    /// Sends the fixes through a live engine and returns the seconds until the consumer saw the last.
    static func throughEngine(_ fixes: [Location]) async throws -> Double {
        let appID = "com.example.bench"
        let engine = AuthorizationEngine(
            appID: appID,
            declarations: UsageDescriptions(whenInUse: "Shows where you are on the map."),
            prompter: ScriptedPerson(),
            consentStore: InMemoryConsentStore([appID: Grant(decision: .whenInUse, precise: true)]),
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 1, k1: 2))
        )
        let client = LocationClient.simulated(engine: engine, source: ArraySource(fixes: fixes))
        guard await engine.authorization().accuracy == .fullAccuracy else {
            throw BenchError("the bench's engine is not precisely authorized; the grant in its consent store is wrong")
        }
        var received = 0
        var checksum = 0.0
        let seconds = try await Measure.timeAsync {
            for try await update in await client.liveUpdates() {
                guard let location = update.location else { continue }
                received += 1
                checksum += location.coordinate.latitude
            }
        }
        guard received == fixes.count, checksum.isFinite else {
            throw BenchError("the consumer received \(received) of \(fixes.count) fixes; the engine dropped some")
        }
        return seconds
    }

    /// Hands the fixes from a producer task to this one through an `AsyncStream`; returns the seconds taken.
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
}

/// A source that yields prepared fixes as fast as it can from a task of its own, then ends, as a
/// push source (gpsd's) does; the engine's pump reads them from the stream's buffer.
struct ArraySource: LocationSource {
    let fixes: [Location]

    func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<SourceEvent, any Error>.makeStream()
        let producer = Task { [fixes] in
            for fix in fixes {
                if Task.isCancelled { break }
                continuation.yield(.location(fix))
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in producer.cancel() }
        return stream
    }
}
