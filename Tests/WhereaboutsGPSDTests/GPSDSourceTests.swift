import Clocks
import Foundation
import InMemoryLogging
import Logging
import Testing
import Whereabouts
import WhereaboutsGPSD

/// The source against an in-process fake gpsd, with time on swift-clocks' `TestClock`.
@Suite(.timeLimit(.minutes(5)))
struct GPSDSourceTests {
    static let watch = #"?WATCH={"enable":true,"json":true}"#
    static let greeting = Array(GPSDDecoderTests.session[0..<3])

    /// A TPV line with a 3-D fix `second` seconds after 12:00:00.
    static func tpv(_ second: Int, mode: Int = 3) -> String {
        let time = String(format: "2025-06-01T12:%02d:%02d.000Z", second / 60, second % 60)
        let lat = 52.52 + Double(second) / 10_000
        return #"{"class":"TPV","device":"tcp://127.0.0.1:29500","mode":\#(mode),"time":"\#(time)","#
            + #""lat":\#(lat),"lon":13.405,"altMSL":35.2,"epx":10.4,"epy":10.3,"epv":29.9,"eph":17.1}"#
    }

    static func location(_ line: String) throws -> SourceEvent {
        guard case .tpv(let report) = try GPSDDecoder.decode(Array(line.utf8)), let location = report.location else {
            throw GPSDDecodingError(excerpt: line, message: "no location")
        }
        return .location(location)
    }

    /// A source for `fake` that does not trip its watchdog unless a test wants it to.
    static func source(
        _ fake: FakeGPSD,
        clock: TestClock<Duration>,
        staleAfter: Duration = .seconds(3600),
        logs: InMemoryLogHandler = InMemoryLogHandler()
    ) -> GPSDSource {
        GPSDSource(
            port: fake.port,
            configuration: .init(staleAfter: staleAfter),
            clock: clock,
            logger: Logger(label: "test") { _ in logs }
        )
    }

    /// Starts a fake, a source and a consumer, and waits for the source's watch.
    static func connected(
        clock: TestClock<Duration>,
        staleAfter: Duration = .seconds(3600),
        logs: InMemoryLogHandler = InMemoryLogHandler()
    ) async throws -> (FakeGPSD, AsyncStream<FakeGPSD.Event>.Iterator, GPSDSource, EventRecorder) {
        let fake = try await FakeGPSD.start()
        var server = fake.events.makeAsyncIterator()
        let source = source(fake, clock: clock, staleAfter: staleAfter, logs: logs)
        let recorder = EventRecorder(source.events())
        #expect(await server.next() == .connected)
        #expect(await server.next() == .received(watch))
        return (fake, server, source, recorder)
    }

    @Test func sendsWatchThenYieldsLocationsInOrderSkippingMalformedLines() async throws {
        let logs = InMemoryLogHandler()
        var (fake, server, source, recorder) = try await Self.connected(clock: TestClock(), logs: logs)
        let lines =
            Self.greeting + [
                GPSDDecoderTests.session[3], GPSDDecoderTests.session[4], Self.tpv(1), "garbage {", Self.tpv(2),
                #"{"class":"PPS","device":"/dev/pps0"}"#, #"{"class":"ERROR","message":"bad"}"#, Self.tpv(3),
            ]
        try await fake.send(lines: lines)
        let events = await recorder.wait(for: 3)
        #expect(events == (try [1, 2, 3].map { try Self.location(Self.tpv($0)) }))
        #expect(source.statistics.malformedLines == 1)
        #expect(source.statistics.reports == 4)
        #expect(source.statistics.locations == 3)
        #expect(source.statistics.skipped == 1)
        #expect(source.statistics.errors == 1)
        #expect(source.statistics.connections == 1)
        let warnings = logs.entries.filter { $0.level == .warning }
        #expect(warnings.contains { $0.metadata["excerpt"] == "garbage {" && $0.metadata["problem"] == "not JSON" })
        #expect(warnings.contains { $0.metadata["message"] == "bad" })
        recorder.cancel()
        #expect(await server.next() == .closed)
        try await fake.stop()
    }

    @Test func aConsumerSlowerThanGPSDGetsTheNewestLocationsAndTheRestAreCounted() async throws {
        let fake = try await FakeGPSD.start()
        var server = fake.events.makeAsyncIterator()
        let source = GPSDSource(
            port: fake.port,
            configuration: .init(staleAfter: .seconds(3600), bufferedEventLimit: 4),
            clock: TestClock(),
            logger: Logger(label: "test") { _ in InMemoryLogHandler() }
        )
        var events = source.events().makeAsyncIterator()
        #expect(await server.next() == .connected)
        #expect(await server.next() == .received(Self.watch))
        try await fake.send(lines: Self.greeting + (1...20).map { Self.tpv($0) })
        // The consumer reads nothing until gpsd's twenty reports are in.
        while source.statistics.locations < 20 { await Task.yield() }
        var newest: [SourceEvent] = []
        for _ in 0..<4 { newest.append(try #require(try await events.next())) }
        #expect(newest == (try (17...20).map { try Self.location(Self.tpv($0)) }))
        #expect(source.statistics.droppedLocations == 16)
        try await fake.send(lines: [Self.tpv(21)])
        #expect(try await events.next() == (try Self.location(Self.tpv(21))))
        #expect(source.statistics.droppedLocations == 16)
        _ = consume events
        #expect(await server.next() == .closed)
        try await fake.stop()
    }

    @Test func aLineTooLongIsDroppedWithoutDroppingTheConnection() async throws {
        var (fake, server, source, recorder) = try await Self.connected(clock: TestClock())
        let junk = "{" + String(repeating: "x", count: 200_000)
        try await fake.send(junk.prefix(70_000) + "")
        try await fake.send(junk.dropFirst(70_000) + "\r\n" + Self.tpv(1) + "\r\n")
        #expect(await recorder.wait(for: 1) == [try Self.location(Self.tpv(1))])
        #expect(source.statistics.malformedLines == 1)
        #expect(source.statistics.connections == 1)
        recorder.cancel()
        #expect(await server.next() == .closed)
        try await fake.stop()
    }

    @Test(arguments: [false, true])
    func reconnectsAfterTheServerClosesOrResetsAndResendsWatch(reset: Bool) async throws {
        let clock = TestClock()
        var (fake, server, source, recorder) = try await Self.connected(clock: clock)
        try await fake.send(lines: Self.greeting + [Self.tpv(1)])
        await recorder.wait(for: 1)
        if reset {
            try await fake.resetConnections()
        } else {
            try await fake.closeConnections()
        }
        #expect(await server.next() == .closed)
        let events = await recorder.wait(for: 2)
        let what = reset ? "connection reset" : "connection closed by gpsd"
        #expect(events.last == .unavailable("gpsd at 127.0.0.1:\(fake.port): \(what); reconnecting"))
        #expect(await eventually { await clock.hasSleepers })  // the backoff
        await clock.advance(by: .milliseconds(249))
        #expect(source.statistics.connectionAttempts == 1)
        await clock.advance(by: .milliseconds(1))
        #expect(await server.next() == .connected)
        #expect(await server.next() == .received(Self.watch))
        try await fake.send(lines: Self.greeting + [Self.tpv(2)])
        #expect(await recorder.wait(for: 3).last == (try Self.location(Self.tpv(2))))
        #expect(source.statistics.connections == 2)
        #expect(source.statistics.reconnects == 1)
        recorder.cancel()
        #expect(await server.next() == .closed)
        try await fake.stop()
    }

    @Test func connectionRefusedIsReportedOnceWhileTheBackoffDoublesToItsCap() async throws {
        let closed = try RefusingPort()
        let clock = TestClock()
        let configuration = GPSDSource.Configuration(maximumBackoff: .seconds(1), staleAfter: .seconds(3600))
        let source = GPSDSource(port: closed.port, configuration: configuration, clock: clock)
        let recorder = EventRecorder(source.events())
        let refused = SourceEvent.unavailable("gpsd at 127.0.0.1:\(closed.port): connection refused; reconnecting")
        #expect(await recorder.wait(for: 1) == [refused])
        #expect(await eventually { await clock.hasSleepers })
        for (wait, attempt) in [(250, 2), (500, 3), (1000, 4), (1000, 5)] {
            await clock.advance(by: .milliseconds(wait - 1))
            #expect(source.statistics.connectionAttempts == attempt - 1)
            await clock.advance(by: .milliseconds(1))
            #expect(await eventually { await clock.hasSleepers && source.statistics.connectionAttempts == attempt })
        }
        #expect(recorder.received == [refused])
        #expect(source.statistics.connections == 0)
        recorder.cancel()
        #expect(await eventually { !(await clock.hasSleepers) })
        await clock.advance(by: .seconds(10))
        #expect(source.statistics.connectionAttempts == 5)
        withExtendedLifetime(closed) {}
    }

    @Test func noFixIsReportedOncePerTransition() async throws {
        var (fake, server, _, recorder) = try await Self.connected(clock: TestClock())
        try await fake.send(
            lines: Self.greeting + [
                Self.tpv(1, mode: 1), Self.tpv(2, mode: 1), Self.tpv(3, mode: 0), Self.tpv(4), Self.tpv(5, mode: 1),
            ]
        )
        let noFix1 = SourceEvent.unavailable("gpsd at 127.0.0.1:\(fake.port): no fix (mode 1)")
        #expect(await recorder.wait(for: 3) == [noFix1, try Self.location(Self.tpv(4)), noFix1])
        recorder.cancel()
        #expect(await server.next() == .closed)
        #expect(recorder.received.count == 3)
        try await fake.stop()
    }

    @Test func theWatchdogReportsSilenceOnce() async throws {
        let clock = TestClock()
        var (fake, server, _, recorder) = try await Self.connected(clock: clock, staleAfter: .seconds(5))
        let stale = SourceEvent.unavailable("gpsd at 127.0.0.1:\(fake.port): no fix for 5 s")
        try await fake.send(lines: Self.greeting + [Self.tpv(1)])
        await recorder.wait(for: 1)
        #expect(await eventually { await clock.hasSleepers })  // the watchdog
        await clock.advance(by: .milliseconds(4_999))
        #expect(recorder.received.count == 1)
        await clock.advance(by: .milliseconds(1))
        #expect(await recorder.wait(for: 2).last == stale)
        await clock.advance(by: .seconds(10))
        #expect(recorder.received.count == 2)
        try await fake.send(lines: [Self.tpv(2)])
        #expect(await recorder.wait(for: 3).last == (try Self.location(Self.tpv(2))))
        await clock.advance(by: .seconds(5))
        #expect(await recorder.wait(for: 4).last == stale)
        recorder.cancel()
        #expect(await server.next() == .closed)
        try await fake.stop()
    }

    @Test func cancellingTheConsumerClosesTheSocketAndStopsReconnecting() async throws {
        let clock = TestClock()
        var (fake, server, source, recorder) = try await Self.connected(clock: clock)
        recorder.cancel()
        #expect(await server.next() == .closed)
        #expect(await eventually { !(await clock.hasSleepers) })  // the watchdog ended too
        await clock.advance(by: .seconds(60))
        #expect(source.statistics.connectionAttempts == 1)
        #expect(recorder.received.isEmpty)
        try await fake.stop()
    }

    @Test(arguments: [
        ("gpsd://127.0.0.1:2947", "127.0.0.1", 2947),
        ("gpsd://localhost", "localhost", 2947),
        ("gpsd://gps.example.com:29470/", "gps.example.com", 29470),
        ("gpsd://[::1]:2947", "::1", 2947),
        ("gpsd://[::1]", "::1", 2947),
    ])
    func urls(url: String, host: String, port: Int) throws {
        let source = try GPSDSource(url: url)
        #expect(source.host == host)
        #expect(source.port == port)
    }

    @Test(arguments: [
        "http://127.0.0.1:2947", "gpsd:/localhost", "gpsd://", "gpsd://:2947", "gpsd://host:", "gpsd://host:0",
        "gpsd://host:70000", "gpsd://host:29x", "gpsd://::1:2947", "gpsd://[::1", "gpsd://host/path", "gpsd://a b",
    ])
    func badURLs(url: String) {
        let error = #expect(throws: GPSDURLError.self) { try GPSDSource(url: url) }
        #expect(error?.description.contains("gpsd://HOST:PORT") == true)
        #expect(error?.description.contains(url) == true)
    }
}
