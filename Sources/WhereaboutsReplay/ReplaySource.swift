public import Foundation
public import Whereabouts

/// A ``Whereabouts/LocationSource`` that replays a GPX or NMEA track, paced by the clock.
///
/// The track's own timestamps set the pace: in real time (`.realTime`), N times faster
/// (`.multiplier(N)`), or as fast as the consumer reads (`.asFastAsPossible`). The file is read
/// as it plays, in constant memory; cancelling the consumer closes it.
///
/// ```swift
/// let source = ReplaySource(.file(URL(filePath: "walk.gpx")), speed: .multiplier(10))
/// let client = LocationClient.live(engine: engine, source: source)
/// ```
///
/// In a test, pass swift-clocks' `TestClock` (`import Clocks`) and advance it to move the replay on.
public struct ReplaySource: LocationSource {
    /// Where the track comes from.
    public enum Input: Sendable {
        /// A file.
        case file(URL)
        /// Standard input (cannot loop).
        case standardInput
        /// Bytes in memory, with a name for messages.
        case data(Data, name: String)

        /// The name used in messages.
        public var name: String {
            switch self {
            case .file(let url): url.path
            case .standardInput: "<stdin>"
            case .data(_, let name): name
            }
        }
    }

    /// How fast the track plays.
    public enum Speed: Hashable, Sendable, CustomStringConvertible {
        /// As recorded.
        case realTime
        /// This many times faster than recorded (must be > 0).
        case multiplier(Double)
        /// With no waiting: as fast as the consumer reads.
        case asFastAsPossible

        /// `"1×"`, `"10×"`, `"max"`.
        public var description: String {
            switch self {
            case .realTime: "1×"
            case .multiplier(let factor): "\(String(format: "%g", factor))×"
            case .asFastAsPossible: "max"
            }
        }
    }

    /// How many times the track plays.
    public enum Looping: Hashable, Sendable {
        /// Once.
        case never
        /// This many times in all (at least 1).
        case times(Int)
        /// Until the consumer stops (not for standard input, which can be read once).
        case forever

        func allowsAnother(after plays: Int) -> Bool {
            switch self {
            case .never: false
            case .times(let count): plays < count
            case .forever: true
            }
        }
    }

    /// The longest wait between two fixes, in track time, before the speed is applied: a track
    /// with an hour's pause does not stall a replay for an hour.
    public static let longestGap: Duration = .seconds(60)

    /// The input.
    public let input: Input
    /// The format, or `nil` to detect it from the first bytes.
    public let format: TrackFormat?
    /// How fast the track plays.
    public let speed: Speed
    /// How many times the track plays; each play's timestamps follow the last one's.
    public let looping: Looping
    /// Whether a malformed record ends the replay with an error instead of being skipped.
    public let strict: Bool
    let clock: any Clock<Duration>
    let onIssue: @Sendable (ReplayIssue) -> Void

    /// Creates a replay.
    ///
    /// - Parameters:
    ///   - input: The file, standard input, or bytes.
    ///   - format: The format; `nil` detects it (`<` is GPX, `$` is NMEA).
    ///   - speed: How fast to play.
    ///   - looping: How many times the track plays.
    ///   - strict: Whether a malformed record is fatal.
    ///   - clock: The clock that paces the replay.
    ///   - onIssue: Called with each malformed record that is skipped.
    public init(
        _ input: Input,
        format: TrackFormat? = nil,
        speed: Speed = .realTime,
        looping: Looping = .never,
        strict: Bool = false,
        clock: any Clock<Duration> = ContinuousClock(),
        onIssue: @escaping @Sendable (ReplayIssue) -> Void = { _ in }
    ) {
        self.input = input
        self.format = format
        self.speed = speed
        self.looping = looping
        self.strict = strict
        self.clock = clock
        self.onIssue = onIssue
    }

    /// Checks, before anything is asked of the person, that a file can be opened and is GPX or NMEA.
    ///
    /// Standard input and bytes in memory are not checked (reading would consume them).
    ///
    /// - Throws: ``ReplayIssue`` naming the file and what is wrong.
    public func check() throws(ReplayIssue) {
        guard case .file(let url) = input else { return }
        var probe = try ByteInput(contentsOf: url)
        let first = try probe.nextChunk() ?? Data()
        guard format == nil else { return }
        guard TrackFormat.detect(first) != nil else {
            let what = first.isEmpty ? "is empty" : "is neither GPX (starts with <) nor NMEA (starts with $)"
            throw ReplayIssue(
                file: url.path,
                line: first.isEmpty ? 0 : 1,
                message: "\(what); give a .gpx or .nmea track"
            )
        }
    }

    /// Starts the replay.
    ///
    /// - Returns: The track's events, paced; the stream throws a ``ReplayIssue`` when the input
    ///   cannot be read, or on the first malformed record when strict.
    public func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        let player = Player(source: self)
        return AsyncThrowingStream {
            try await player.next()
        }
    }
}

/// The state of one replay, touched only by the consuming task, one call at a time.
final class Player: @unchecked Sendable {
    // @unchecked: AsyncThrowingStream(unfolding:) calls `next()` from the consumer's task, never
    // concurrently, and drops the closure (and this object, closing the file) on cancellation.
    let source: ReplaySource
    var reader: (any TrackReader)?
    var lastTrackTime: Date?
    var firstTrackTime: Date?
    var loopShift: TimeInterval = 0
    var emitted = 0
    var plays = 1
    /// Fixes since the last `Task.yield()` at `.asFastAsPossible`.
    var sinceYield = 0

    init(source: ReplaySource) {
        self.source = source
    }

    func next() async throws -> SourceEvent? {
        while true {
            if reader == nil { reader = try open() }
            guard var current = reader else { return nil }
            let event = try current.next()
            reader = current
            guard let event else {
                guard source.looping.allowsAnother(after: plays), emitted > 0 else { return nil }
                if case .standardInput = source.input { return nil }
                plays += 1
                if let last = lastTrackTime, let first = firstTrackTime {
                    loopShift += last.timeIntervalSince(first) + 1
                }
                firstTrackTime = nil
                reader = nil
                continue
            }
            guard case .location(var location) = event else { return event }
            try await pace(until: location.timestamp)
            location.timestamp = location.timestamp.addingTimeInterval(loopShift)
            emitted += 1
            return .location(location)
        }
    }

    private func pace(until time: Date) async throws {
        defer {
            lastTrackTime = time
            if firstTrackTime == nil { firstTrackTime = time }
        }
        guard let previous = lastTrackTime, firstTrackTime != nil else { return }
        let gap = min(max(0, time.timeIntervalSince(previous)), ReplaySource.seconds(ReplaySource.longestGap))
        let wait: Double
        switch source.speed {
        case .asFastAsPossible:
            // A replay that never waits never gives its thread back: on a 2-core machine the engine's
            // pump and the consumer then hold both threads of the pool, and Ctrl-C's handler and the
            // consent watcher wait for the whole backlog. Let them in every 64 fixes.
            sinceYield += 1
            if sinceYield >= 64 {
                sinceYield = 0
                await Task.yield()
            }
            return
        case .realTime: wait = gap
        case .multiplier(let factor): wait = factor > 0 ? gap / factor : 0
        }
        guard wait > 0, wait.isFinite else { return }
        try await source.clock.sleep(for: .nanoseconds(Int64(wait * 1e9)))
    }

    private func open() throws(ReplayIssue) -> any TrackReader {
        var input: ByteInput
        switch source.input {
        case .file(let url): input = try ByteInput(contentsOf: url)
        case .standardInput: input = ByteInput(handle: .standardInput, name: "<stdin>")
        case .data(let data, let name): input = ByteInput(data: data, name: name)
        }
        let format: TrackFormat
        if let chosen = source.format {
            format = chosen
        } else {
            let first = try input.nextChunk() ?? Data()
            guard let detected = TrackFormat.detect(first) else {
                let what = first.isEmpty ? "is empty" : "is neither GPX (starts with <) nor NMEA (starts with $)"
                throw ReplayIssue(
                    file: input.name,
                    line: first.isEmpty ? 0 : 1,
                    message: "\(what); give a .gpx or .nmea track"
                )
            }
            format = detected
            input.putBack(first)
        }
        let report = source.onIssue
        switch format {
        case .gpx: return GPXReader(input: input, strict: source.strict, onIssue: { report($0) })
        case .nmea: return NMEAReader(input: input, strict: source.strict, onIssue: { report($0) })
        }
    }
}

extension ReplaySource {
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The bundled sample: an 11-minute walk in Paris (331 points), from the Pont Neuf past the
    /// Louvre to the Arc de Triomphe du Carrousel, written by `scripts/make-sample-track.py`.
    public static var sampleTrackURL: URL {
        guard let url = Bundle.module.url(forResource: "sample-walk", withExtension: "gpx", subdirectory: "Resources")
        else { preconditionFailure("the bundled sample track is missing from WhereaboutsReplay's resources") }
        return url
    }

    /// The bundled demo app's Info.plist: "Wayfinder", with a when-in-use description and the
    /// temporary-usage purpose key `Navigation`.
    public static var sampleAppInfoURL: URL {
        guard
            let url = Bundle.module.url(
                forResource: "Wayfinder-Info",
                withExtension: "plist",
                subdirectory: "Resources"
            )
        else { preconditionFailure("the bundled demo Info.plist is missing from WhereaboutsReplay's resources") }
        return url
    }
}
