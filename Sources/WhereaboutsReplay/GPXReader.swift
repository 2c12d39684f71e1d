public import Foundation
public import Whereabouts

/// Reads the points of a GPX 1.1 or 1.0 file as fixes, one at a time, in constant memory.
///
/// The reader streams its input in 64 KiB chunks through a small XML scanner of its own, so a
/// track of any size is read with the same few hundred kilobytes. Tracks, routes and waypoints
/// are different things, so the reader replays one kind (see ``Points``): by default the track
/// points (`trkpt`), or the route points (`rtept`) when the file has no track, or the waypoints
/// (`wpt`) when it has neither. Each such point, in the order of the file, becomes a
/// ``Whereabouts/SourceEvent/location(_:)`` with:
///
/// - the coordinate from the `lat` and `lon` attributes (required; a point without good ones is
///   reported and skipped);
/// - `altitude` from `<ele>`;
/// - `timestamp` from `<time>` (ISO 8601, with fractional seconds and offsets). A point without a
///   time gets one from its segment (a `trkseg`, a `rte`, or the run of waypoints): between two
///   timed points, a time interpolated by the distance along the points (evenly when the two are
///   at the same place); after the last timed point, one second a point after it; before the
///   first, one second a point leading to it. A segment without any time starts one second after
///   the last time given out (the first one at the `<time>` of `<metadata>`, or of `<gpx>` in GPX
///   1.0, else 2000-01-01T00:00:00Z) and goes on at one second a point. Replay only uses the
///   differences between times;
/// - `horizontalAccuracy` = `<hdop>` × 5 m, or 10 m when the point has no `<hdop>`;
///   `verticalAccuracy` = `<vdop>` × 5 m, or `nil`;
/// - `speed` (m/s) and `course` (degrees) from GPX 1.0's `<speed>` and `<course>`, or from any
///   element of `<extensions>` named `speed` or `course` under any prefix (Garmin's
///   `gpxtpx:TrackPointExtension`, `gpxdata:speed`).
///
/// Names are matched on their local name, so `<gpx:trkpt>` is a `trkpt`. Everything else (names,
/// descriptions, links, metadata) is skipped.
///
/// Bad input never stops the reader: a bad value (`<ele>abc</ele>`) is reported with its line
/// and column and dropped, keeping the point; a point with a bad `lat` or `lon` is reported and
/// skipped; malformed XML is reported and the reader resumes at the next tag; a truncated file
/// is reported once, after every point before the cut. Issues are reported for every kind of
/// point, replayed or not, once. With `strict: true` the first issue is thrown instead. Text before the
/// document (a header line an app wrote before `<?xml`, within the first 16 KiB) is skipped with one notice
/// (``ReplayIssue/Severity/skipped``), strict or not.
///
/// ```swift
/// var reader = try GPXReader(contentsOf: url, onIssue: { print("warning: \($0)") })
/// while let event = try reader.next() {
///     if case .location(let fix) = event { print(fix.coordinate, fix.timestamp) }
/// }
/// ```
///
/// In a test, read a GPX string:
///
/// ```swift
/// let gpx = #"<gpx><wpt lat="48.85" lon="2.29"><ele>35</ele></wpt></gpx>"#
/// var reader = GPXReader(data: Data(gpx.utf8), strict: true)
/// guard case .location(let fix) = try reader.next() else { return }
/// #expect(fix.altitude == 35)
/// ```
public struct GPXReader: ChunkedTrackReader {
    /// A point being read.
    struct Point {
        var kind: GPXElement
        var depth: Int
        var latitude: Double
        var longitude: Double
        var altitude: Double?
        var time: Double?
        var hdop: Double?
        var vdop: Double?
        var speed: Double?
        var course: Double?
    }

    /// An element whose text is being kept: `ele`, `time`, `hdop`, `vdop`, `speed`, `course`.
    struct Leaf {
        var kind: GPXElement
        var depth: Int
        var position: XMLPosition
    }

    var scanner: XMLScanner
    let name: String
    let strict: Bool
    let onIssue: (ReplayIssue) -> Void
    var isDone = false
    var depth = 0
    var rootChecked = false
    var point: Point?
    var skippedPointDepth: Int?
    var leaf: Leaf?
    var metadataDepth: Int?
    var metadataTime: Double?
    /// The points asked for.
    let points: Points
    /// Opens the input again for a second read, or `nil` when it cannot be (a handle).
    let reopen: (() throws(ReplayIssue) -> ByteInput)?
    /// Whether this is the second read (for routes or waypoints): its issues were reported by the first.
    var rereading = false
    /// The kinds of good points the first read met.
    var seen = (tracks: false, routes: false, waypoints: false)
    /// The kind replayed on this read, when ``points`` is automatic.
    var chosen: GPXElement = .trkpt
    /// Whether routes and waypoints are being kept for later (automatic, on input read once, before any track).
    var keepsOthers = false
    var keptRoutes: [KeptPoint] = []
    var keptWaypoints: [KeptPoint] = []
    /// The kept points being replayed after the end of an input read once, and how far.
    var replaying: (points: [KeptPoint], index: Int)?
    /// The kind of the last replayed point (a change of kind ends a segment).
    var lastKind: GPXElement?
    var timeline = GPXTimeline(startTime: GPXReader.defaultStartTime)
    var inputEnded = false

    /// A route point or waypoint kept in memory while it is unknown whether the input has a track.
    struct KeptPoint {
        var location: Location
        var time: Double?
        var endsSegment = false
    }

    /// How many issues were reported so far (in strict mode, the thrown one included).
    public private(set) var issueCount = 0

    /// Opens a GPX file.
    ///
    /// The file is read in chunks as ``next()`` is called, and closed at its end.
    ///
    /// - Parameters:
    ///   - url: The file's URL.
    ///   - points: Which points to replay; by default the tracks, else the routes, else the waypoints.
    ///   - strict: Whether to throw the first issue instead of reporting it and going on.
    ///   - onIssue: Called with each issue, in the order of the file, when not strict.
    /// - Throws: ``ReplayIssue`` when the file cannot be opened.
    public init(
        contentsOf url: URL,
        points: Points = .automatic,
        strict: Bool = false,
        onIssue: @escaping (ReplayIssue) -> Void = { _ in }
    ) throws(ReplayIssue) {
        let input = try ByteInput(contentsOf: url)
        self.init(
            input: input,
            points: points,
            // A pipe or a FIFO is never opened a second time: the reader keeps what it needs.
            reopen: input.isReadableOnce ? nil : { () throws(ReplayIssue) in try ByteInput(contentsOf: url) },
            strict: strict,
            onIssue: onIssue
        )
    }

    /// Reads an open handle, such as standard input, until its end.
    ///
    /// A handle is read once: with ``Points/automatic``, the routes and waypoints met before the
    /// first track point are kept in memory until it comes (see ``Points/automatic``).
    ///
    /// - Parameters:
    ///   - handle: The handle; it stays open.
    ///   - name: The name used in issues.
    ///   - points: Which points to replay; by default the tracks, else the routes, else the waypoints.
    ///   - strict: Whether to throw the first issue instead of reporting it and going on.
    ///   - onIssue: Called with each issue, in the order of the input, when not strict.
    public init(
        handle: FileHandle,
        name: String = "<stdin>",
        points: Points = .automatic,
        strict: Bool = false,
        onIssue: @escaping (ReplayIssue) -> Void = { _ in }
    ) {
        self.init(
            input: ByteInput(handle: handle, name: name),
            points: points,
            reopen: nil,
            strict: strict,
            onIssue: onIssue
        )
    }

    /// Reads a document held in memory.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - name: The name used in issues.
    ///   - points: Which points to replay; by default the tracks, else the routes, else the waypoints.
    ///   - strict: Whether to throw the first issue instead of reporting it and going on.
    ///   - onIssue: Called with each issue, in the order of the document, when not strict.
    public init(
        data: Data,
        name: String = "<data>",
        points: Points = .automatic,
        strict: Bool = false,
        onIssue: @escaping (ReplayIssue) -> Void = { _ in }
    ) {
        self.init(
            input: ByteInput(data: data, name: name),
            points: points,
            reopen: { () throws(ReplayIssue) in ByteInput(data: data, name: name) },
            strict: strict,
            onIssue: onIssue
        )
    }

    /// Reads any byte input (a file, a handle with bytes put back after detection, data in chunks).
    ///
    /// - Parameters:
    ///   - input: The bytes to read.
    ///   - strict: Whether to throw the first issue instead of reporting it and going on.
    ///   - onIssue: Called with each issue, in the order of the input, when not strict.
    package init(input: ByteInput, strict: Bool, onIssue: @escaping (ReplayIssue) -> Void) {
        self.init(input: input, points: .automatic, reopen: nil, strict: strict, onIssue: onIssue)
    }

    /// Reads any byte input, choosing its points, and reading it again when `reopen` can.
    ///
    /// - Parameters:
    ///   - input: The bytes to read.
    ///   - points: Which points to replay.
    ///   - reopen: Opens the same bytes again, or `nil` when they can be read once only.
    ///   - strict: Whether to throw the first issue instead of reporting it and going on.
    ///   - onIssue: Called with each issue, in the order of the input, when not strict.
    package init(
        input: ByteInput,
        points: Points,
        reopen: (() throws(ReplayIssue) -> ByteInput)?,
        strict: Bool,
        onIssue: @escaping (ReplayIssue) -> Void
    ) {
        name = input.name
        scanner = XMLScanner(source: input)
        self.points = points
        self.reopen = reopen
        keepsOthers = points == .automatic && reopen == nil
        self.strict = strict
        self.onIssue = onIssue
    }

    /// The next point of the file, as a fix.
    ///
    /// Issues found on the way are reported to `onIssue` (or thrown, when strict); the reader
    /// then goes on with the next point.
    ///
    /// - Returns: A ``Whereabouts/SourceEvent/location(_:)``, or `nil` at the end of the input.
    /// - Throws: ``ReplayIssue`` when the input cannot be read, or for the first issue when
    ///   strict. After a throw the reader returns `nil`.
    public mutating func next() throws(ReplayIssue) -> SourceEvent? {
        while !isDone {
            if let location = timeline.nextReady() { return .location(location) }
            if inputEnded {
                guard let replaying else {
                    isDone = true
                    return nil
                }
                guard replaying.index < replaying.points.count else {
                    self.replaying = nil
                    timeline.endSegment()
                    continue
                }
                let kept = replaying.points[replaying.index]
                self.replaying?.index += 1
                let location = timeline.add(kept.location, time: kept.time)
                if kept.endsSegment { timeline.endSegment() }
                if let location { return .location(location) }
                continue
            }
            let event: XMLEvent
            do {
                event = try scanner.next()
            } catch {
                stop()
                throw error
            }
            switch event {
            case .start(let kind, _):
                try opened(kind)
            case .end(let kind):
                if let location = try closed(kind) { return .location(location) }
            case .issue(let position, let message):
                try report(at: position, message)
            case .skippedLeadingContent(let position, let message):
                // A notice, strict or not: the document that follows is read.
                guard !rereading else { continue }
                onIssue(
                    ReplayIssue(
                        file: name,
                        line: position.line,
                        column: position.column,
                        message: message,
                        severity: .skipped
                    )
                )
            case .endOfInput:
                try endOfInput()
            }
        }
        return nil
    }

    /// Counts an issue and reports it, or throws it when strict.
    mutating func report(at position: XMLPosition?, _ message: String) throws(ReplayIssue) {
        guard !rereading else { return }
        issueCount += 1
        let issue = ReplayIssue(file: name, line: position?.line ?? 0, column: position?.column, message: message)
        if strict {
            stop()
            throw issue
        }
        onIssue(issue)
    }

    /// Builds the fix of a point that just closed, without its time (the timeline gives it).
    func location(of point: Point) -> Location {
        Location(
            coordinate: Coordinate(latitude: point.latitude, longitude: point.longitude),
            altitude: point.altitude,
            horizontalAccuracy: DOPAccuracy.horizontal(hdop: point.hdop),
            verticalAccuracy: DOPAccuracy.vertical(vdop: point.vdop),
            speed: point.speed,
            course: point.course,
            timestamp: Date(timeIntervalSince1970: point.time ?? 0)
        )
    }

    /// Stops the reader for good (after a thrown issue): `next()` returns `nil` from now on.
    mutating func stop() {
        isDone = true
        timeline.discard()
        replaying = nil
        keptRoutes = []
        keptWaypoints = []
    }

    /// The time of a first point without a time when the file has none: 2000-01-01T00:00:00Z.
    static let defaultStartTime = 946_684_800.0
}
