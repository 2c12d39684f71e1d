import Clocks
import Foundation
import InMemoryLogging
import Logging
import Testing
import Whereabouts
import WhereaboutsGPSD

/// The backoff grows until a connection proves healthy, and a gpsd that keeps failing fills no log.
@Suite(.timeLimit(.minutes(5)))
struct GPSDReconnectTests {
    static let version = GPSDSourceTests.greeting[0]

    /// A source on a test clock that logs everything to `logs`.
    static func source(_ fake: FakeGPSD, clock: TestClock<Duration>, logs: InMemoryLogHandler) -> GPSDSource {
        var logger = Logger(label: "test") { _ in logs }
        logger.logLevel = .trace
        return GPSDSource(
            port: fake.port,
            configuration: .init(maximumBackoff: .seconds(2), staleAfter: .seconds(3600)),
            clock: clock,
            logger: logger
        )
    }

    /// How many times the session said gpsd was down (a warning, or a debug message when left out): it says so
    /// right before it sleeps for the backoff, after the connection's other sleepers have ended.
    static func outages(_ logs: InMemoryLogHandler) -> Int {
        logs.entries.count { $0.message.description.contains("unavailable") }
    }

    /// One connection: gpsd greets, sends `lines` and hangs up; then waits until the source sleeps its backoff.
    static func serve(
        _ lines: [String],
        fake: FakeGPSD,
        server: inout AsyncStream<FakeGPSD.Event>.Iterator,
        clock: TestClock<Duration>,
        logs: InMemoryLogHandler,
        outage: Int,
        openFor: Duration = .zero
    ) async throws {
        #expect(await server.next() == .connected)
        #expect(await server.next() == .received(GPSDSourceTests.watch))
        try await fake.send(lines: lines)
        if openFor > .zero { await clock.advance(by: openFor) }
        try await fake.closeConnections()
        #expect(await server.next() == .closed)
        // Checked in this order: once the outage is logged the connection's own sleepers have ended, so a sleeper
        // then is the backoff.
        #expect(
            await eventually {
                guard outages(logs) == outage else { return false }
                return await clock.hasSleepers
            }
        )
    }

    /// Advances the clock by `wait` and checks the source reconnects at that moment, not a millisecond before.
    static func expectReconnect(after wait: Duration, clock: TestClock<Duration>, source: GPSDSource) async {
        let attempts = source.statistics.connectionAttempts
        await clock.advance(by: wait - .milliseconds(1))
        #expect(source.statistics.connectionAttempts == attempts, "reconnected before \(wait)")
        await clock.advance(by: .milliseconds(1))
        #expect(await eventually { source.statistics.connectionAttempts == attempts + 1 }, "no reconnect at \(wait)")
    }

    @Test func aGPSDThatAnswersVersionAndHangsUpIsRetriedEverMoreSlowlyAndReportedOnce() async throws {
        let logs = InMemoryLogHandler()
        let clock = TestClock()
        let fake = try await FakeGPSD.start()
        var server = fake.events.makeAsyncIterator()
        let source = Self.source(fake, clock: clock, logs: logs)
        let recorder = EventRecorder(source.events())
        for (outage, wait) in zip(1..., [250, 500, 1000, 2000, 2000]) {
            try await Self.serve([Self.version], fake: fake, server: &server, clock: clock, logs: logs, outage: outage)
            await Self.expectReconnect(after: .milliseconds(wait), clock: clock, source: source)
        }
        let closed = SourceEvent.unavailable("gpsd at 127.0.0.1:\(fake.port): connection closed by gpsd; reconnecting")
        #expect(recorder.received == [closed])
        #expect(logs.entries.count { $0.level == .warning } == 1)
        // The last reconnect is under way: let it send its watch, then stop listening, which closes it.
        #expect(await server.next() == .connected)
        #expect(await server.next() == .received(GPSDSourceTests.watch))
        recorder.cancel()
        #expect(await server.next() == .closed)
        try await fake.stop()
    }

    @Test func theBackoffStartsOverOnlyAfterAReportOrAConnectionThatLasted() async throws {
        let logs = InMemoryLogHandler()
        let clock = TestClock()
        let fake = try await FakeGPSD.start()
        var server = fake.events.makeAsyncIterator()
        let source = Self.source(fake, clock: clock, logs: logs)
        let recorder = EventRecorder(source.events())
        for (outage, wait) in zip(1..., [250, 500, 1000]) {
            try await Self.serve([Self.version], fake: fake, server: &server, clock: clock, logs: logs, outage: outage)
            await Self.expectReconnect(after: .milliseconds(wait), clock: clock, source: source)
        }
        // A fix proves the connection healthy: the next wait is the first one again.
        let lines = [Self.version, GPSDSourceTests.tpv(1)]
        try await Self.serve(lines, fake: fake, server: &server, clock: clock, logs: logs, outage: 4)
        await Self.expectReconnect(after: .milliseconds(250), clock: clock, source: source)
        try await Self.serve([Self.version], fake: fake, server: &server, clock: clock, logs: logs, outage: 5)
        await Self.expectReconnect(after: .milliseconds(500), clock: clock, source: source)
        // So does a connection that stayed open for `healthyAfter` (5 s), even without a report.
        try await Self.serve(
            [Self.version],
            fake: fake,
            server: &server,
            clock: clock,
            logs: logs,
            outage: 6,
            openFor: .seconds(5)
        )
        await Self.expectReconnect(after: .milliseconds(250), clock: clock, source: source)
        let closed = SourceEvent.unavailable("gpsd at 127.0.0.1:\(fake.port): connection closed by gpsd; reconnecting")
        let fix = try GPSDSourceTests.location(GPSDSourceTests.tpv(1))
        #expect(recorder.received == [closed, fix, closed, closed])
        recorder.cancel()
        try await fake.stop()
    }

    @Test func damagedLinesAreWarnedAboutOncePerIntervalThenWithHowManyWereLeftOut() async throws {
        let logs = InMemoryLogHandler()
        let clock = TestClock()
        var (fake, server, source, recorder) = try await GPSDSourceTests.connected(clock: clock, logs: logs)
        try await fake.send(lines: GPSDSourceTests.greeting + Array(repeating: "garbage {", count: 50))
        try await fake.send(lines: [GPSDSourceTests.tpv(1)])
        await recorder.wait(for: 1)
        #expect(source.statistics.malformedLines == 50)
        #expect(logs.entries.count { $0.level == .warning } == 1)
        await clock.advance(by: .seconds(10))
        try await fake.send(lines: ["garbage {", GPSDSourceTests.tpv(2)])
        await recorder.wait(for: 2)
        let warnings = logs.entries.filter { $0.level == .warning }
        #expect(warnings.count == 2)
        #expect(warnings.last?.metadata["leftOut"] == "49")
        recorder.cancel()
        #expect(await server.next() == .closed)
        try await fake.stop()
    }
}
