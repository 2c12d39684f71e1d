public import Foundation
public import Whereabouts

/// Reads an NMEA 0183 log, one epoch at a time, in constant memory.
///
/// The reader uses `GGA`, `RMC`, `GNS`, `GLL`, `ZDA`, `GSA`, `VTG` and `GSV` sentences from any
/// talker (`GP`, `GN`, `GL`, `GA`, `GB`, `BD`, `QZ`…) and skips every other sentence (AIS `!AIVDM`,
/// proprietary `$P…`) and comment lines (`#`, as in gpsd's logs): each type is reported once, at the end,
/// with its count and first line, as ``ReplayIssue/Severity-swift.enum/skipped``. A checksum `*HH`, when
/// present, must match; a sentence without one is accepted. Lines may end in LF or CRLF.
///
/// Sentences with the same UTC time form an **epoch**, which becomes one event:
/// - ``Whereabouts/SourceEvent/location(_:)`` when GGA (fix quality 1–5, or 7: a position entered by hand
///   or surveyed, which says where the receiver is), GNS (a mode letter
///   A, D, P, R, F or M), RMC or GLL (status `A`) gives a position. When several do, GGA's wins, then
///   GNS's, RMC's, GLL's: GGA and GNS say what kind of fix it is, and carry the altitude (above mean
///   sea level) and the HDOP that go with their position; RMC's and GLL's status is a single letter.
///   The fix's time is the winning sentence's (a Magellan receiver writes GLL's time to the
///   millisecond, `200619.295`, and GGA's to the hundredth, `200619.30`: times less than 10 ms apart
///   are one epoch, timed `.30`). Speed and course come from RMC, else VTG. The horizontal accuracy is HDOP (GGA's, else GNS's,
///   else GSA's) × 5 m, a user-equivalent range error of 5 m, typical of a consumer receiver; 10 m
///   without HDOP. The vertical accuracy is GSA's VDOP × 5 m.
/// - ``Whereabouts/SourceEvent/unavailable(_:)`` otherwise (GGA quality 0, RMC status `V`, only
///   GSA or GSV): `"no fix at 2025-06-01T12:00:05Z: 7 satellites in view"`, with the count from
///   GSV when the epoch has it. A receiver without a fix fills the position with placeholders
///   (`8960.0000,N`, `36000.0000,E`, or nothing): those are not malformed, just no fix.
/// - Estimated positions (GGA quality 6, dead reckoning, or 8, a simulator; a GNS, RMC or GLL mode
///   `E` or `S`; RMC or GLL status `V` with a position) are not measured fixes: their epochs are
///   `.unavailable` and counted, and a notice at the end says how many, unless `includeEstimated`.
///
/// GSA, GSV and VTG carry no time: they join the epoch of the sentence before them. The date comes
/// from RMC or ZDA; the date moves on a day when the time of day goes backwards past midnight
/// (23:59:59 → 00:00:00). All times are UTC. Epochs before the first date (a capture that starts
/// with the GGA before its cycle's RMC) are held, at most 10 epochs spanning less than 10 seconds,
/// and dated when the date arrives. Beyond that (a log of GGA alone) they are not given an invented
/// date: they are `.unavailable` ("fix at 06:15:00 UTC without a date"), with one notice naming
/// the first one's line, unless a `defaultDate` dates them.
///
/// A malformed sentence (a wrong checksum, too few fields, a bad number, a latitude beyond 90° in a
/// fix) or a line that is not a sentence is reported to `onIssue` with its file, line and column,
/// and skipped; everything else is kept. With `strict`, the first such issue is thrown instead. What
/// comes before the first sentence (a header, binary bytes, a sentence cut where the recording
/// began) is skipped and reported once as skipped content, in every mode: only a log without any
/// sentence has its first line reported as malformed. Notices (``ReplayIssue/isNotice``: skipped
/// content, estimated positions left out, fixes without a date) go to `onIssue` even when strict.
///
/// ```swift
/// var reader = try NMEAReader(contentsOf: URL(filePath: "drive.nmea"), onIssue: { print("warning: \($0)") })
/// while let event = try reader.next() {
///     if case .location(let fix) = event { print(fix.coordinate, fix.timestamp) }
/// }
/// ```
///
/// In a test, read sentences from memory:
///
/// ```swift
/// var reader = NMEAReader(data: Data("$GPRMC,120000,A,5231.2005,N,01324.2972,E,19.44,45.0,010625,,,A\n".utf8))
/// let event = try reader.next()  // .location at 52.520008 N 13.404953 E, 10.0 m/s, 2025-06-01T12:00:00Z
/// ```
public struct NMEAReader: ChunkedTrackReader {
    /// How many issues were reported so far (notices not included).
    public private(set) var issueCount = 0

    var input: NMEALineInput
    var assembler: NMEAEpochAssembler
    let name: String
    let strict: Bool
    let onIssue: (ReplayIssue) -> Void
    var phase = Phase.reading
    /// The first issue in strict mode, waiting to be thrown.
    var failure: ReplayIssue?
    /// Whether the assembler was told the input ended.
    var finished = false
    /// Whether any sentence the reader uses was seen, valid or not.
    var sawSentence = false
    /// Whether any line carried a checksum: then a last line cut short shows by lacking one.
    var sawChecksum = false
    /// How many malformed lines were reported (skipped content aside).
    var malformedCount = 0
    /// What came before the first sentence.
    var leading = NMEALeadingContent()
    /// Comments and sentences of types the reader does not use, counted to be reported once each.
    var noise = NMEANoise()

    /// Where the reader is in its input.
    enum Phase {
        /// Reading lines.
        case reading
        /// The input ended; the last epoch is still to be delivered.
        case draining
        /// Everything was delivered.
        case done
    }

    /// Opens a log file.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - strict: Whether the first malformed line is thrown rather than reported and skipped.
    ///   - defaultDate: The UTC date (year, month, day) of epochs before the first RMC or ZDA
    ///     sentence; when `nil`, they are held until a date arrives, or left undated. Fields left
    ///     out are taken from 2000-01-01.
    ///   - includeEstimated: Whether estimated positions (dead reckoning, simulator, status `V`)
    ///     are delivered as fixes.
    ///   - onIssue: Called with each malformed line when not strict, and with each notice.
    /// - Throws: ``ReplayIssue`` when the file cannot be opened.
    public init(
        contentsOf url: URL,
        strict: Bool = false,
        defaultDate: DateComponents? = nil,
        includeEstimated: Bool = false,
        onIssue: @escaping (ReplayIssue) -> Void = { _ in }
    ) throws(ReplayIssue) {
        self.init(
            input: try ByteInput(contentsOf: url),
            strict: strict,
            defaultDate: defaultDate,
            includeEstimated: includeEstimated,
            onIssue: onIssue
        )
    }

    /// Reads an open handle, such as standard input, until its end.
    ///
    /// - Parameters:
    ///   - handle: The handle; it stays open.
    ///   - name: The name used in issues.
    ///   - strict: Whether the first malformed line is thrown rather than reported and skipped.
    ///   - defaultDate: The UTC date of epochs before the first RMC or ZDA sentence; when `nil`,
    ///     they are held until a date arrives, or left undated.
    ///   - includeEstimated: Whether estimated positions are delivered as fixes.
    ///   - onIssue: Called with each malformed line when not strict, and with each notice.
    public init(
        handle: FileHandle,
        name: String = "<stdin>",
        strict: Bool = false,
        defaultDate: DateComponents? = nil,
        includeEstimated: Bool = false,
        onIssue: @escaping (ReplayIssue) -> Void = { _ in }
    ) {
        self.init(
            input: ByteInput(handle: handle, name: name),
            strict: strict,
            defaultDate: defaultDate,
            includeEstimated: includeEstimated,
            onIssue: onIssue
        )
    }

    /// Reads a log held in memory.
    ///
    /// - Parameters:
    ///   - data: The log's bytes.
    ///   - name: The name used in issues.
    ///   - strict: Whether the first malformed line is thrown rather than reported and skipped.
    ///   - defaultDate: The UTC date of epochs before the first RMC or ZDA sentence; when `nil`,
    ///     they are held until a date arrives, or left undated.
    ///   - includeEstimated: Whether estimated positions are delivered as fixes.
    ///   - onIssue: Called with each malformed line when not strict, and with each notice.
    public init(
        data: Data,
        name: String = "<data>",
        strict: Bool = false,
        defaultDate: DateComponents? = nil,
        includeEstimated: Bool = false,
        onIssue: @escaping (ReplayIssue) -> Void = { _ in }
    ) {
        self.init(
            input: ByteInput(data: data, name: name),
            strict: strict,
            defaultDate: defaultDate,
            includeEstimated: includeEstimated,
            onIssue: onIssue
        )
    }

    /// Reads any byte input: a file, a handle with bytes put back after format detection, data in chunks.
    ///
    /// Epochs before the first RMC or ZDA sentence are held until a date arrives, or left undated.
    ///
    /// - Parameters:
    ///   - input: The bytes to read.
    ///   - strict: Whether the first malformed line is thrown rather than reported and skipped.
    ///   - onIssue: Called with each malformed line when not strict, and with each notice.
    package init(input: ByteInput, strict: Bool, onIssue: @escaping (ReplayIssue) -> Void) {
        self.init(input: input, strict: strict, defaultDate: nil, includeEstimated: false, onIssue: onIssue)
    }

    /// Reads any byte input, with or without the positions the receiver estimated.
    ///
    /// - Parameters:
    ///   - input: The bytes to read.
    ///   - strict: Whether the first malformed line is thrown rather than reported and skipped.
    ///   - includeEstimated: Whether estimated positions are delivered as fixes.
    ///   - onIssue: Called with each malformed line when not strict, and with each notice.
    package init(
        input: ByteInput,
        strict: Bool,
        includeEstimated: Bool,
        onIssue: @escaping (ReplayIssue) -> Void
    ) {
        self.init(input: input, strict: strict, defaultDate: nil, includeEstimated: includeEstimated, onIssue: onIssue)
    }

    /// Reads any byte input, dating epochs before the first RMC or ZDA sentence on `defaultDate`.
    init(
        input: ByteInput,
        strict: Bool,
        defaultDate: DateComponents?,
        includeEstimated: Bool,
        onIssue: @escaping (ReplayIssue) -> Void
    ) {
        let day = defaultDate.flatMap {
            NMEACalendar.days(year: $0.year ?? 2000, month: $0.month ?? 1, day: $0.day ?? 1)
        }
        self.name = input.name
        self.input = NMEALineInput(input)
        self.assembler = NMEAEpochAssembler(day: day, includeEstimated: includeEstimated)
        self.strict = strict
        self.onIssue = onIssue
    }

    /// The next epoch's event: a fix, or a moment without one.
    ///
    /// - Returns: The event, or `nil` at the end of the input.
    /// - Throws: ``ReplayIssue`` when the input cannot be read, or, when strict, for the first
    ///   malformed line or an empty input; the reader then returns `nil`.
    public mutating func next() throws(ReplayIssue) -> SourceEvent? {
        while true {
            switch phase {
            case .reading:
                if let event = try readLines() { return event }
            case .draining:
                if !finished {
                    finished = true
                    assembler.finish()
                }
                if let event = nextReady() { return event }
                phase = .done
                if let issue = leading.withoutSentence(file: name) {
                    report(issue)
                } else if sawSentence {
                    for issue in noise.issues(file: name) { report(issue) }
                }
                if input.byteCount == 0 {
                    report(line: 0, column: nil, "is empty; an NMEA log holds sentences such as $GPGGA, one a line")
                } else if !sawSentence && malformedCount == 0 {
                    report(line: 0, column: nil, "holds no GGA, RMC, GNS, GLL, ZDA, GSA, VTG or GSV sentence")
                }
                let skipped = assembler.skippedEstimated
                if skipped > 0 {
                    notice(
                        line: 0,
                        "\(skipped) estimated position\(skipped == 1 ? " was" : "s were") not replayed (GGA "
                            + "quality 6 dead reckoning or 8 simulator, mode E or S, status V); include them with "
                            + "`whereabouts track --include-estimated` (includeEstimated)"
                    )
                }
                try throwFailure()
                return nil
            case .done:
                return nil
            }
        }
    }

    /// Counts a malformed line and hands it on: to `onIssue`, or, when strict, to ``throwFailure()``.
    mutating func report(line: Int, column: Int?, _ message: String) {
        report(ReplayIssue(file: name, line: line, column: column, message: message))
    }

    /// Counts an issue and hands it on: to `onIssue`, or, when strict and the issue is malformed, to
    /// ``throwFailure()``. Skipped content is never fatal.
    mutating func report(_ issue: ReplayIssue) {
        if issue.severity == .malformed {
            issueCount += 1
            malformedCount += 1
        }
        if strict && issue.severity == .malformed {
            if failure == nil { failure = issue }
        } else {
            onIssue(issue)
        }
    }

    /// Hands a notice to `onIssue`, strict or not: it is about readable input, not a malformed line.
    mutating func notice(line: Int, _ message: String) {
        onIssue(ReplayIssue(file: name, line: line, column: nil, message: message, severity: .skipped))
    }

    /// The next event the assembler has ready, after the notice that the first undated one calls for.
    mutating func nextReady() -> SourceEvent? {
        guard let event = assembler.nextReady() else { return nil }
        if let line = assembler.takeUndatedLine() {
            notice(
                line: line,
                "no RMC or ZDA sentence gives a date for the fixes from this line on (GGA, GNS and GLL carry "
                    + "only the time of day): they are reported undated, not replayed; record RMC or ZDA "
                    + "sentences, or give the date (whereabouts track --date YYYY-MM-DD; NMEAReader's defaultDate)"
            )
        }
        return event
    }

    /// Throws the issue a strict reader stopped on, if any, and ends the reading.
    mutating func throwFailure() throws(ReplayIssue) {
        guard let failure else { return }
        self.failure = nil
        phase = .done
        throw failure
    }
}
