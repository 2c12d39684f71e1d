public import Foundation
public import Whereabouts

/// A ``Whereabouts/LocationSource`` that replays a GPX or NMEA track, paced by the clock.
///
/// The track's own timestamps set the pace: in real time (`.realTime`), N times faster
/// (`.multiplier(N)`), or as fast as the consumer reads (`.asFastAsPossible`). The file is read
/// as it plays, in constant memory (a gzip'd one decompressed as it plays); cancelling the consumer closes it. The engine pulls the replay
/// (``eventBatches()``): a consumer slower than the replay holds it back (at full speed, one batch read ahead).
///
/// ```swift
/// let source = ReplaySource(.file(URL(filePath: "walk.gpx")), speed: .multiplier(10))
/// let client = LocationClient.simulated(os: engine, source: source)
/// ```
///
/// In a test, pass swift-clocks' `TestClock` (`import Clocks`) and advance it to move the replay on.
public struct ReplaySource: LocationSource {
    /// Where the track comes from.
    public enum Input: Sendable {
        /// A file: a regular file, or a pipe, a named FIFO or a device (`/dev/stdin`, `<(…)`), which is opened
        /// once, read once and cannot loop. gzip'd content is decompressed as it is read.
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
        /// This many times faster than recorded, from ``slowestMultiplier`` to ``fastestMultiplier``: a factor
        /// outside plays at the nearer bound, and one that is not a number (or not above 0) as fast as possible.
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

        /// The slowest multiplier: a thousand times slower than recorded, so a wait between two fixes (at most
        /// ``ReplaySource/longestGap``) lasts at most about 17 hours.
        public static let slowestMultiplier = 0.001
        /// The fastest multiplier: a million times faster than recorded.
        public static let fastestMultiplier = 1_000_000.0
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
    /// The format, or `nil` to detect it from the first kilobytes.
    public let format: TrackFormat?
    /// Which points of a GPX file play: by default its tracks, else its routes, else its waypoints.
    public let points: GPXReader.Points
    /// How fast the track plays.
    public let speed: Speed
    /// How many times the track plays; each play's timestamps follow the last one's.
    public let looping: Looping
    /// Whether a malformed record ends the replay with an error instead of being skipped.
    public let strict: Bool
    /// Whether NMEA positions the receiver did not measure (dead reckoning, a simulator, status `V`)
    /// are replayed as fixes; by default they are left out and counted in a notice.
    public let includeEstimated: Bool
    /// The UTC date (year, month, day) of NMEA epochs before the first RMC or ZDA sentence, for a log
    /// that has none (GGA only); `nil` holds them until a date arrives.
    public let defaultDate: DateComponents?
    let clock: any Clock<Duration>
    let onIssue: @Sendable (ReplayIssue) -> Void
    /// The file ``check()`` opened, for the first play.
    let handoff = InputHandoff()

    /// Creates a replay.
    ///
    /// - Parameters:
    ///   - input: The file, standard input, or bytes.
    ///   - format: The format; `nil` detects it from the first kilobytes (see ``TrackFormat/detect(_:)``).
    ///   - points: Which points of a GPX file play (NMEA has one kind); see ``GPXReader/Points``.
    ///   - speed: How fast to play.
    ///   - looping: How many times the track plays.
    ///   - strict: Whether a malformed record is fatal.
    ///   - includeEstimated: Whether estimated NMEA positions are replayed as fixes.
    ///   - defaultDate: The UTC date of NMEA epochs before the first RMC or ZDA sentence, or `nil`.
    ///   - clock: The clock that paces the replay.
    ///   - onIssue: Called with each malformed record that is skipped, and with each notice
    ///     (``ReplayIssue/isNotice``).
    public init(
        _ input: Input,
        format: TrackFormat? = nil,
        points: GPXReader.Points = .automatic,
        speed: Speed = .realTime,
        looping: Looping = .never,
        strict: Bool = false,
        includeEstimated: Bool = false,
        defaultDate: DateComponents? = nil,
        clock: any Clock<Duration> = ContinuousClock(),
        onIssue: @escaping @Sendable (ReplayIssue) -> Void = { _ in }
    ) {
        self.input = input
        self.format = format
        self.points = points
        self.speed = speed
        self.looping = looping
        self.strict = strict
        self.includeEstimated = includeEstimated
        self.defaultDate = defaultDate
        self.clock = clock
        self.onIssue = onIssue
    }

    /// Checks, before anything is asked of the person, that a file can be opened and is GPX or NMEA.
    ///
    /// The file stays open for the first play, its first bytes kept: a pipe, a named FIFO or `/dev/stdin` given as
    /// a file is read once and whole (a FIFO's open waits for its writer, as `cat` does). Standard input and bytes
    /// in memory are not checked.
    ///
    /// - Throws: ``ReplayIssue`` naming the file and what is wrong (missing, a folder, compressed, neither format).
    public func check() throws(ReplayIssue) {
        guard case .file(let url) = input else { return }
        var probe = try ByteInput(contentsOf: url)
        if let format {
            handoff.keep(probe, format: format)
        } else {
            let detected = try TrackFormat.detect(in: &probe)
            handoff.keep(probe, format: detected)
        }
    }

    /// Starts the replay.
    ///
    /// - Returns: The track's events, paced; the stream throws a ``ReplayIssue`` when the input
    ///   cannot be read, or on the first malformed record when strict.
    public func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        let player = Player(source: self)
        guard speed == .asFastAsPossible else {
            return AsyncThrowingStream {
                try await player.next()
            }
        }
        // Unpaced, the events are read a batch at a time on the replay's thread, and handed out one by one.
        let batches = BatchedEvents(BatchPrefetcher(player: player, limit: Self.preferredBatchSize))
        return AsyncThrowingStream {
            try await batches.next()
        }
    }

    /// Starts the replay, in batches the engine pulls when its consumers have room: the replay never runs ahead
    /// of its slowest consumer by more than the batch being taken in and one read ahead.
    ///
    /// At `.asFastAsPossible` a batch holds up to ``Whereabouts/LocationSource/preferredBatchSize`` events read
    /// straight from the file, and the next batch is read while the engine takes in this one (one batch ahead, no
    /// more); at a paced speed each batch holds one event, handed over when it is due.
    ///
    /// - Returns: The track's events, in batches, paced; the stream throws as ``events()`` does.
    public func eventBatches() -> AsyncThrowingStream<[SourceEvent], any Error> {
        let player = Player(source: self)
        guard speed == .asFastAsPossible else {
            return AsyncThrowingStream {
                try await player.nextBatch(limit: 1)
            }
        }
        let prefetcher = BatchPrefetcher(player: player, limit: Self.preferredBatchSize)
        return AsyncThrowingStream {
            try await prefetcher.next()
        }
    }
}

extension ReplaySource {
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
