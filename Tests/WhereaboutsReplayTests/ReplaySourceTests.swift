import Clocks
import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

@testable import WhereaboutsReplay

/// Replaying a track: pace, loops, strictness, format detection, and the bundled sample.
@Suite(.timeLimit(.minutes(5)))
struct ReplaySourceTests {
    static func gpx(seconds: [Int], broken: Int? = nil) -> Data {
        var text = #"<gpx version="1.1"><trk><trkseg>"#
        for (index, second) in seconds.enumerated() {
            let lat = index == broken ? "x" : String(48.85 + Double(index) * 0.001)
            let time = Date(timeIntervalSince1970: 1_778_925_600 + Double(second))
            text +=
                "\n<trkpt lat=\"\(lat)\" lon=\"2.35\"><time>\(ISO8601DateFormatter().string(from: time))</time></trkpt>"
        }
        return Data((text + "\n</trkseg></trk></gpx>\n").utf8)
    }

    /// A task that reads `source` to its end, a stream of how many events it has read, one element per event,
    /// so a test suspends until the reader got the next one, and the events read.
    static func reader(_ source: ReplaySource) -> (Task<Void, any Error>, AsyncStream<Int>, Collected) {
        let (counts, counted) = AsyncStream.makeStream(of: Int.self)
        let collected = Collected()
        let task = Task {
            defer { counted.finish() }
            for try await event in source.events() {
                collected.append(event)
                counted.yield(collected.count)
            }
        }
        return (task, counts, collected)
    }

    static func locations(_ events: [SourceEvent]) -> [Location] {
        events.compactMap { if case .location(let location) = $0 { location } else { nil } }
    }

    @Test(
        "real time waits the track's own gaps on the clock",
        arguments: [
            (ReplaySource.Speed.realTime, Duration.seconds(2)),
            (.multiplier(4), .milliseconds(500)),
        ]
    )
    func pacing(speed: ReplaySource.Speed, gap: Duration) async throws {
        let clock = TestClock()
        let source = ReplaySource(.data(Self.gpx(seconds: [0, 2, 4]), name: "t.gpx"), speed: speed, clock: clock)
        let (read, counts, collected) = Self.reader(source)
        var count = counts.makeAsyncIterator()
        #expect(await count.next() == 1)
        #expect(await clock.untilSleeping(), "the reader waits the gap")
        await clock.advance(by: gap - .milliseconds(1))
        #expect(await clock.untilSleeping())
        #expect(collected.count == 1, "not before the gap has passed")
        await clock.advance(by: .milliseconds(1))
        #expect(await count.next() == 2)
        #expect(await clock.untilSleeping())
        await clock.advance(by: gap)
        #expect(await count.next() == 3)
        try await read.value
    }

    @Test("max speed never waits; a long pause in the track waits at most a minute")
    func maxSpeedAndLongGaps() async throws {
        let clock = TestClock()
        let fast = ReplaySource(
            .data(Self.gpx(seconds: [0, 2, 4]), name: "t.gpx"),
            speed: .asFastAsPossible,
            clock: clock
        )
        var count = 0
        for try await _ in fast.events() { count += 1 }
        #expect(count == 3)
        let paused = ReplaySource(.data(Self.gpx(seconds: [0, 3_600]), name: "t.gpx"), clock: clock)
        let (read, counts, _) = Self.reader(paused)
        var pausedCount = counts.makeAsyncIterator()
        #expect(await pausedCount.next() == 1)
        #expect(await clock.untilSleeping())
        await clock.advance(by: .seconds(60))
        #expect(await pausedCount.next() == 2)
        try await read.value
    }

    @Test("looping plays again with timestamps that keep increasing")
    func looping() async throws {
        let source = ReplaySource(
            .data(Self.gpx(seconds: [0, 2, 4]), name: "t.gpx"),
            speed: .asFastAsPossible,
            looping: .times(3)
        )
        var events: [SourceEvent] = []
        for try await event in source.events() { events.append(event) }
        let times = Self.locations(events).map(\.timestamp)
        #expect(times.count == 9)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(times[3].timeIntervalSince(times[0]) == 5)
    }

    @Test("a malformed point is reported and skipped; strict ends the replay with it")
    func malformed() async throws {
        let issues = Collected()
        let lenient = ReplaySource(
            .data(Self.gpx(seconds: [0, 1, 2, 3], broken: 2), name: "bad.gpx"),
            speed: .asFastAsPossible,
            onIssue: { issues.append(.unavailable($0.description)) }
        )
        var count = 0
        for try await _ in lenient.events() { count += 1 }
        #expect(count == 3)
        #expect(issues.count == 1)
        #expect(issues.descriptions.first?.hasPrefix("bad.gpx:4:") == true, "\(issues.descriptions)")

        let strict = ReplaySource(
            .data(Self.gpx(seconds: [0, 1, 2, 3], broken: 2), name: "bad.gpx"),
            speed: .asFastAsPossible,
            strict: true
        )
        var before = 0
        let issue = try await #require(throws: ReplayIssue.self) {
            for try await _ in strict.events() { before += 1 }
        }
        #expect(before == 2, "the fixes before the error are delivered")
        #expect(issue.line == 4)
    }

    @Test("the format is detected from the first bytes; other input is refused with its name")
    func detection() async throws {
        // The ZDA dates the GGA: a GGA alone has only a time of day.
        let nmea =
            "$GPGGA,120000.00,4851.5040,N,00217.6700,E,1,08,0.9,35.0,M,47.0,M,,*57\n"
            + "$GPZDA,120000.00,16,05,2026,00,00*61\n"
        let source = ReplaySource(.data(Data(nmea.utf8), name: "log"), speed: .asFastAsPossible)
        var locations: [Location] = []
        for try await event in source.events() { locations += Self.locations([event]) }
        #expect(locations.count == 1)
        #expect(abs((locations.first?.coordinate.latitude ?? 0) - 48.8584) < 1e-6)
        #expect(TrackFormat.detect(Data("\u{FEFF}  <gpx>".utf8)) == .gpx)
        #expect(TrackFormat.detect(Data("hello".utf8)) == nil)
        let garbage = ReplaySource(.data(Data("hello".utf8), name: "notes.txt"))
        let issue = try await #require(throws: ReplayIssue.self) { for try await _ in garbage.events() {} }
        #expect(issue.description.hasPrefix("notes.txt:1: is neither GPX"))
    }

    @Test("the bundled sample is an 11-minute walk of 331 points in Paris, with a demo app")
    func bundledSample() async throws {
        var reader = try GPXReader(contentsOf: ReplaySource.sampleTrackURL)
        var points: [Location] = []
        while let event = try reader.next() { points += Self.locations([event]) }
        #expect(points.count == 331)
        #expect(reader.issueCount == 0)
        let minutes = try #require(points.last?.timestamp).timeIntervalSince(try #require(points.first?.timestamp)) / 60
        #expect(minutes > 10 && minutes < 12)
        #expect(
            points.allSatisfy {
                abs($0.coordinate.latitude - 48.86) < 0.01 && abs($0.coordinate.longitude - 2.34) < 0.01
            }
        )
        let app = try UsageDescriptions(contentsOf: ReplaySource.sampleAppInfoURL)
        #expect(app.appName == "Wayfinder")
        #expect(app.whenInUse != nil)
        #expect(app.temporaryPurposes["Navigation"] != nil)
    }
}

/// Events collected by another task.
final class Collected: @unchecked Sendable {
    // @unchecked: guarded by `lock`.
    private let lock = NSLock()
    private var events: [SourceEvent] = []

    func append(_ event: SourceEvent) { lock.withLock { events.append(event) } }
    var count: Int { lock.withLock { events.count } }
    var descriptions: [String] {
        lock.withLock { events.compactMap { if case .unavailable(let text) = $0 { text } else { nil } } }
    }
}
