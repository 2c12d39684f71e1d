public import Foundation
public import Whereabouts

/// Reads an NMEA 0183 log, one epoch at a time, in constant memory.
///
/// The reader uses `GGA`, `RMC`, `GSA`, `VTG` and `GSV` sentences from any talker (`GP`, `GN`,
/// `GL`, `GA`, `GB`, `BD`…) and skips every other sentence (`GLL`, AIS `!AIVDM`, proprietary
/// `$P…`) and comment lines (`#`, as in gpsd's logs): each type is reported once, at the end, with
/// its count and first line, as ``ReplayIssue/Severity-swift.enum/skipped``. A checksum `*HH`, when present, must match; a sentence without one is
/// accepted. Lines may end in LF or CRLF.
///
/// Sentences with the same UTC time form an **epoch**, which becomes one event:
/// - ``Whereabouts/SourceEvent/location(_:)`` when GGA (fix quality above 0) or RMC (status `A`)
///   gives a position. The altitude is GGA's (above mean sea level); speed and course come from
///   RMC, else VTG. The horizontal accuracy is HDOP (GGA's, else GSA's) × 5 m, a user-equivalent
///   range error of 5 m, typical of a consumer receiver; 10 m without HDOP. The vertical
///   accuracy is GSA's VDOP × 5 m.
/// - ``Whereabouts/SourceEvent/unavailable(_:)`` otherwise (GGA quality 0, RMC status `V`, only
///   GSA or GSV): `"no fix at 2025-06-01T12:00:05Z: 7 satellites in view"`, with the count from
///   GSV when the epoch has it.
///
/// GSA, GSV and VTG carry no time: they join the epoch of the GGA or RMC before them. The date
/// comes from RMC. Epochs before the first RMC (all of them in a GGA-only log) get the
/// `defaultDate`, or 2000-01-01 without one; the date moves on a day when the time of day goes
/// backwards past midnight (23:59:59 → 00:00:00). All times are UTC.
///
/// A malformed sentence (a wrong checksum, too few fields, a bad number, a latitude beyond 90°)
/// or a line that is not a sentence is reported to `onIssue` with its file, line and column, and
/// skipped; everything else is kept. With `strict`, the first such issue is thrown instead. What
/// comes before the first sentence (a header, binary bytes, a sentence cut where the recording
/// began) is skipped and reported once as skipped content, in every mode: only a log without any
/// sentence has its first line reported as malformed.
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
    /// How many issues were reported so far.
    public private(set) var issueCount = 0

    var input: NMEALineInput
    var assembler: NMEAEpochAssembler
    let name: String
    let strict: Bool
    let onIssue: (ReplayIssue) -> Void
    var phase = Phase.reading
    /// The first issue in strict mode, waiting to be thrown.
    var failure: ReplayIssue?
    /// Whether any GGA, RMC, GSA, VTG or GSV sentence was seen, valid or not.
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
    ///   - defaultDate: The UTC date (year, month, day) of epochs before the first RMC sentence;
    ///     2000-01-01 when `nil`. Fields left out are taken from 2000-01-01.
    ///   - onIssue: Called with each malformed line when not strict.
    /// - Throws: ``ReplayIssue`` when the file cannot be opened.
    public init(
        contentsOf url: URL,
        strict: Bool = false,
        defaultDate: DateComponents? = nil,
        onIssue: @escaping (ReplayIssue) -> Void = { _ in }
    ) throws(ReplayIssue) {
        self.init(input: try ByteInput(contentsOf: url), strict: strict, defaultDate: defaultDate, onIssue: onIssue)
    }

    /// Reads an open handle, such as standard input, until its end.
    ///
    /// - Parameters:
    ///   - handle: The handle; it stays open.
    ///   - name: The name used in issues.
    ///   - strict: Whether the first malformed line is thrown rather than reported and skipped.
    ///   - defaultDate: The UTC date of epochs before the first RMC sentence; 2000-01-01 when `nil`.
    ///   - onIssue: Called with each malformed line when not strict.
    public init(
        handle: FileHandle,
        name: String = "<stdin>",
        strict: Bool = false,
        defaultDate: DateComponents? = nil,
        onIssue: @escaping (ReplayIssue) -> Void = { _ in }
    ) {
        self.init(
            input: ByteInput(handle: handle, name: name),
            strict: strict,
            defaultDate: defaultDate,
            onIssue: onIssue
        )
    }

    /// Reads a log held in memory.
    ///
    /// - Parameters:
    ///   - data: The log's bytes.
    ///   - name: The name used in issues.
    ///   - strict: Whether the first malformed line is thrown rather than reported and skipped.
    ///   - defaultDate: The UTC date of epochs before the first RMC sentence; 2000-01-01 when `nil`.
    ///   - onIssue: Called with each malformed line when not strict.
    public init(
        data: Data,
        name: String = "<data>",
        strict: Bool = false,
        defaultDate: DateComponents? = nil,
        onIssue: @escaping (ReplayIssue) -> Void = { _ in }
    ) {
        self.init(
            input: ByteInput(data: data, name: name),
            strict: strict,
            defaultDate: defaultDate,
            onIssue: onIssue
        )
    }

    /// Reads any byte input: a file, a handle with bytes put back after format detection, data in chunks.
    ///
    /// Epochs before the first RMC sentence are dated 2000-01-01.
    ///
    /// - Parameters:
    ///   - input: The bytes to read.
    ///   - strict: Whether the first malformed line is thrown rather than reported and skipped.
    ///   - onIssue: Called with each malformed line when not strict.
    package init(input: ByteInput, strict: Bool, onIssue: @escaping (ReplayIssue) -> Void) {
        self.init(input: input, strict: strict, defaultDate: nil, onIssue: onIssue)
    }

    /// Reads any byte input, dating epochs before the first RMC sentence on `defaultDate`.
    init(
        input: ByteInput,
        strict: Bool,
        defaultDate: DateComponents?,
        onIssue: @escaping (ReplayIssue) -> Void
    ) {
        let fallback = NMEACalendar.days(year: 2000, month: 1, day: 1) ?? 10_957
        let day = defaultDate.flatMap {
            NMEACalendar.days(year: $0.year ?? 2000, month: $0.month ?? 1, day: $0.day ?? 1)
        }
        self.name = input.name
        self.input = NMEALineInput(input)
        self.assembler = NMEAEpochAssembler(day: day ?? fallback)
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
                phase = .done
                if let issue = leading.withoutSentence(file: name) {
                    report(issue)
                } else if sawSentence {
                    for issue in noise.issues(file: name) { report(issue) }
                }
                if let event = assembler.finish() { return event }
                if input.byteCount == 0 {
                    report(line: 0, column: nil, "is empty; an NMEA log holds sentences such as $GPGGA, one a line")
                } else if !sawSentence && malformedCount == 0 {
                    report(line: 0, column: nil, "holds no GGA, RMC, GSA, VTG or GSV sentence")
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
        issueCount += 1
        if issue.severity == .malformed { malformedCount += 1 }
        if strict && issue.severity == .malformed {
            if failure == nil { failure = issue }
        } else {
            onIssue(issue)
        }
    }

    /// Throws the issue a strict reader stopped on, if any, and ends the reading.
    mutating func throwFailure() throws(ReplayIssue) {
        guard let failure else { return }
        self.failure = nil
        phase = .done
        throw failure
    }
}
