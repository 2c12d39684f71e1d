import Foundation
import InMemoryLogging
import Logging
import Testing
import Whereabouts
import WhereaboutsGPSD
import WhereaboutsTesting

/// A real gpsd, started by each test on free loopback ports and fed NMEA by the test itself.
///
/// These tests run in real time (a real daemon): every wait has a deadline of a few seconds,
/// and each test takes well under 20 s. They are skipped, naming the install command, where gpsd is missing —
/// unless `WHEREABOUTS_REQUIRE_TOOLS=1` (as `.ci/run` sets), where they run and a missing gpsd fails them.
@Suite(
    .serialized,
    .enabled(
        if: GPSDProcess.isAvailable || ProcessInfo.processInfo.environment["WHEREABOUTS_REQUIRE_TOOLS"] == "1",
        "gpsd is not installed: apt-get install gpsd"
    ),
    .timeLimit(.minutes(5))
)
struct GPSDIntegrationTests {
    @Test("fixes from a real gpsd match the NMEA fed to it, in order and none skipped")
    func fixesMatchTheNMEAInput() async throws {
        try await GPSDHarness.with { harness in
            let logs = InMemoryLogHandler()
            let source = GPSDSource(port: harness.gpsd.port, logger: Logger(label: "gpsd-test") { _ in logs })
            let events = TimedIterator(source.events())
            let fixes = try await events.locations(10, within: .seconds(15))

            var indices: [Int] = []
            for fix in fixes {
                let epoch = try harness.epoch(of: fix)
                indices.append(epoch.index)
                expect(fix, matches: epoch)
            }
            let first = indices.first ?? 0
            #expect(indices == Array(first..<first + indices.count), "every epoch once, in order")
            #expect(source.statistics.connections == 1)
            #expect(source.statistics.reconnects == 0)
            #expect(source.statistics.malformedLines == 0)
            #expect(source.statistics.errors == 0)
            #expect(source.statistics.reports >= fixes.count)
            #expect(logs.entries.filter { $0.level >= .warning }.isEmpty, "\(logs.entries)")
        }
    }

    @Test("gpsd killed (SIGKILL) and restarted three times: unavailable, then fixes again, in order")
    func survivesGPSDRestarts() async throws {
        try await GPSDHarness.with { harness in
            let source = GPSDSource(port: harness.gpsd.port, logger: Self.quietLogger)
            let events = TimedIterator(source.events())
            var fixes = try await events.locations(3, within: .seconds(15))
            let clock = ContinuousClock()

            for round in 1...3 {
                await harness.gpsd.kill()
                let killed = clock.now
                var reasons: [String] = []
                while reasons.isEmpty {
                    switch try await events.next(before: killed.advanced(by: .seconds(3))) {
                    case .element(.location(let fix)): fixes.append(fix)  // sent before the kill
                    case .element(.unavailable(let reason)): reasons.append(reason)
                    case .element(.heading): continue
                    case .finished, .timedOut:
                        throw TimeLimitExceeded(what: "round \(round): .unavailable after SIGKILL", limit: .seconds(3))
                    }
                }
                let outage = killed.duration(to: clock.now)
                try await harness.gpsd.restart()
                let restarted = clock.now
                let resumed = try await events.locations(3, within: .seconds(15))
                fixes += resumed
                let comeback = restarted.duration(to: clock.now)
                let ready = await harness.gpsd.readyTimes.last ?? .zero
                print(
                    "gpsd round \(round): .unavailable(\(reasons[0])) \(outage) after SIGKILL; restarted gpsd "
                        + "accepting after \(ready); 3 fixes \(comeback) after it accepted"
                )
            }

            let times = fixes.map(\.timestamp)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "timestamps strictly increase: \(times)")
            for fix in fixes {
                let epoch = try harness.epoch(of: fix)
                expect(fix, matches: epoch)
            }
            #expect(source.statistics.reconnects == 3)
            #expect(source.statistics.connections == 4)
            #expect(harness.feeder.connections == 4, "each gpsd start connects to the feeder anew")
            #expect(Set(await harness.gpsd.pids).count == 4)
        }
    }

    @Test("an approximate grant: every gpsd fix reaches the app coarse, ≥ 1 km off, without speed or course")
    func approximateGrantDeliversCoarseFixes() async throws {
        try await GPSDHarness.with { harness in
            // Coarse fixes at most every half second of fix time, so several come out in a few seconds
            // (the default, four an hour, would let one through).
            let coarsener = Coarsener(
                secret: Coarsener.Secret(k0: 1, k1: 2),
                configuration: .init(maximumFixesPerHour: 7_200)
            )
            let engine = await SimulatedOS(
                appID: "com.example.gpsd",
                declarations: UsageDescriptions(whenInUse: "Shows where you are on the map."),
                prompter: ScriptedPerson([.allowWhileUsing(precise: false)]),
                coarsener: coarsener
            )
            let source = GPSDSource(port: harness.gpsd.port, logger: Self.quietLogger)
            let client = LocationClient.simulated(os: engine, source: source)
            let outcome = try await client.requestWhenInUseAuthorization()
            #expect(outcome.status == .authorizedWhenInUse)
            #expect(outcome.accuracy == .reducedAccuracy)

            let updates = TimedIterator(await client.liveUpdates())
            let delivered = try await updates.locations(4, within: .seconds(15))
            for update in delivered {
                let location = try #require(update.location)
                #expect(update.authorization.accuracy == .reducedAccuracy)
                let epoch = try harness.epoch(of: location)
                let truth = Coordinate(latitude: epoch.latitude, longitude: epoch.longitude)
                #expect(location.coordinate.distance(to: truth) >= 1_000)
                #expect(location.horizontalAccuracy >= 1_000)
                #expect(location.speed == nil)
                #expect(location.course == nil)
                #expect(location.altitude == nil)
                #expect(location.verticalAccuracy == nil)
            }
            #expect(source.statistics.locations >= delivered.count, "the coarse fixes came from gpsd")
        }
    }

    @Test("revoking while gpsd's fixes flow: not one location after the revoke update")
    func revokeStopsFixes() async throws {
        try await GPSDHarness.with { harness in
            let engine = await SimulatedOS(
                appID: "com.example.gpsd",
                declarations: UsageDescriptions(whenInUse: "Shows where you are on the map."),
                prompter: ScriptedPerson([.allowWhileUsing(precise: true)])
            )
            let source = GPSDSource(port: harness.gpsd.port, logger: Self.quietLogger)
            let client = LocationClient.simulated(os: engine, source: source)
            let outcome = try await client.requestWhenInUseAuthorization()
            #expect(outcome.accuracy == .fullAccuracy)

            let updates = TimedIterator(await client.liveUpdates())
            for update in try await updates.locations(3, within: .seconds(15)) {
                let location = try #require(update.location)
                let epoch = try harness.epoch(of: location)
                expect(location, matches: epoch)
            }

            let sentAtRevoke = harness.feeder.sentCount
            let reportsAtRevoke = source.statistics.reports
            await engine.changeSettings(status: .denied)
            let deliveredAtRevoke = await engine.deliveredCount

            let windowEnd = ContinuousClock.now.advanced(by: .seconds(2))
            var revoke: LocationUpdate?
            var after: [LocationUpdate] = []
            reading: while true {
                switch try await updates.next(before: windowEnd) {
                case .element(let update) where revoke != nil: after.append(update)
                case .element(let update) where update.authorization.status == .denied: revoke = update
                case .element: continue
                case .finished, .timedOut: break reading
                }
            }
            let update = try #require(revoke, "no update carried the revoke")
            #expect(update.location == nil)
            #expect(update.diagnostics.contains(.authorizationDenied))
            #expect(after.compactMap(\.location).isEmpty, "locations after the revoke: \(after)")
            #expect(await engine.deliveredCount == deliveredAtRevoke)
            // gpsd kept sending all through the window, so the silence is not a lack of fixes: as Core Location does
            // on a revoke, the location manager stopped its updates and its source stopped reading them.
            #expect(harness.feeder.sentCount - sentAtRevoke >= 10)
            #expect(source.statistics.reports - reportsAtRevoke < harness.feeder.sentCount - sentAtRevoke)
            #expect(await harness.gpsd.isRunning)
        }
    }

    /// A logger that keeps the source's messages in memory instead of printing them.
    static var quietLogger: Logger {
        let handler = InMemoryLogHandler()
        return Logger(label: "gpsd-test") { _ in handler }
    }
}

/// Checks a precise fix against the epoch the feeder wrote for its time.
private func expect(
    _ fix: Location,
    matches epoch: NMEATrack.Epoch,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let label = "epoch \(epoch.index)"
    #expect(abs(fix.coordinate.latitude - epoch.latitude) < 1e-6, "\(label)", sourceLocation: sourceLocation)
    #expect(abs(fix.coordinate.longitude - epoch.longitude) < 1e-6, "\(label)", sourceLocation: sourceLocation)
    #expect(abs(fix.timestamp.timeIntervalSince(epoch.time)) < 0.001, "\(label)", sourceLocation: sourceLocation)
    #expect(abs((fix.speed ?? -1) - epoch.speed) < 0.01, "\(label): speed", sourceLocation: sourceLocation)
    #expect(abs((fix.course ?? -1) - epoch.course) < 0.01, "\(label): course", sourceLocation: sourceLocation)
    #expect(abs((fix.altitude ?? -1) - epoch.altitude) < 0.01, "\(label): altitude", sourceLocation: sourceLocation)
    #expect(fix.horizontalAccuracy > 0 && fix.horizontalAccuracy.isFinite, sourceLocation: sourceLocation)
}

extension GPSDHarness {
    /// The epoch the feeder wrote with a fix's time; fails the test when it wrote none.
    func epoch(of fix: Location, sourceLocation: SourceLocation = #_sourceLocation) throws -> NMEATrack.Epoch {
        try #require(
            feeder.epoch(at: fix.timestamp),
            "no epoch was written with time \(fix.timestamp)",
            sourceLocation: sourceLocation
        )
    }
}

extension TimedIterator where Element == SourceEvent {
    /// Reads until `count` locations have come, skipping other events.
    ///
    /// - Throws: ``TimeLimitExceeded`` when they do not come within `limit`, or the stream ends first.
    func locations(_ count: Int, within limit: Duration) async throws -> [Location] {
        let deadline = ContinuousClock.now.advanced(by: limit)
        var result: [Location] = []
        while result.count < count {
            switch try await next(before: deadline) {
            case .element(.location(let location)): result.append(location)
            case .element: continue
            case .finished, .timedOut:
                throw TimeLimitExceeded(what: "\(count) locations (got \(result.count))", limit: limit)
            }
        }
        return result
    }
}

extension TimedIterator where Element == LocationUpdate {
    /// Reads until `count` updates with a location have come, skipping the others.
    ///
    /// - Throws: ``TimeLimitExceeded`` when they do not come within `limit`, or the stream ends first.
    func locations(_ count: Int, within limit: Duration) async throws -> [LocationUpdate] {
        let deadline = ContinuousClock.now.advanced(by: limit)
        var result: [LocationUpdate] = []
        while result.count < count {
            switch try await next(before: deadline) {
            case .element(let update) where update.location != nil: result.append(update)
            case .element: continue
            case .finished, .timedOut:
                throw TimeLimitExceeded(what: "\(count) located updates (got \(result.count))", limit: limit)
            }
        }
        return result
    }
}
