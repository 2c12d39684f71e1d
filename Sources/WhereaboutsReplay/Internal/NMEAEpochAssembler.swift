import Foundation
import Whereabouts

/// Gathers the sentences of one epoch (one UTC time) and turns them into one event.
///
/// Sentences with a time (GGA, RMC, GNS, GLL, ZDA) open a new epoch when their time differs from
/// the current one by 10 ms or more; GSA, GSV and VTG join the current epoch. Times closer than that
/// are one instant written to different precisions (Magellan receivers write GLL's time to the
/// millisecond, `200619.295`, and GGA's and RMC's to the hundredth, `200619.30`); no receiver sends
/// epochs 10 ms apart. The date comes from RMC or ZDA (or a
/// default date); it moves on a day when the time of day goes backwards by more than twelve hours
/// (23:59:59 → 00:00:00).
///
/// Epochs before the first date are held (at most ``maximumHeldEpochs`` of them, spanning less than
/// ``maximumHeldSpan``) and dated when the date arrives: a capture that starts with a GGA just
/// before its cycle's RMC loses nothing. Past that bound they are delivered as undated
/// (`.unavailable`), and ``takeUndatedLine()`` gives the line of the first one, once, for a warning:
/// no fix carries an invented date.
///
/// Events come out in order through ``nextReady()``.
struct NMEAEpochAssembler {
    /// The most epochs held while waiting for a date.
    static let maximumHeldEpochs = 10
    /// The longest time of day held epochs span while waiting for a date, in milliseconds.
    static let maximumHeldSpan = 10_000

    /// The current date, in days since 1970-01-01; `nil` until a sentence gives one.
    private var day: Int?
    /// Whether estimated positions (dead reckoning, simulator, status V) are delivered as fixes.
    private let includeEstimated: Bool
    /// The time of day of the last epoch that had one, to notice midnight.
    private var previousTime: Int?
    private var epoch = Epoch()
    /// Satellites in view per talker (GP, GL, GA, GB…) in this epoch: GSV counts each system apart.
    private var inView: [(talker: UInt16, count: Int)] = []
    /// Epochs waiting for a date, oldest first.
    private var held: [Held] = []
    /// Whether holding gave up: epochs without a date are then delivered as undated at once.
    private var gaveUpHolding = false
    /// The line of the first fix delivered undated, until ``takeUndatedLine()`` takes it.
    private var undatedLine: Int?
    /// Whether ``undatedLine`` was set: the notice is given once.
    private var undatedNoticed = false
    /// Events ready to deliver, from `readyIndex` on.
    private var ready: [SourceEvent] = []
    private var readyIndex = 0
    /// How many epochs had only an estimated position and were not delivered as fixes.
    private(set) var skippedEstimated = 0

    /// - Parameters:
    ///   - day: The date of the sentences before the first RMC or ZDA, in days since 1970-01-01;
    ///     `nil` to hold those epochs until a date arrives.
    ///   - includeEstimated: Whether estimated positions are delivered as fixes.
    init(day: Int?, includeEstimated: Bool) {
        self.day = day
        self.includeEstimated = includeEstimated
        inView.reserveCapacity(8)
        ready.reserveCapacity(Self.maximumHeldEpochs + 2)
    }

    /// Adds a sentence, read on line `line`; the events it completes wait in ``nextReady()``.
    mutating func add(_ sentence: NMEASentence, line: Int) {
        if let time = sentence.time, !Self.isSameInstant(time, epoch.time) {
            if epoch.time != nil { finishEpoch() }
            begin(time, line: line)
        }
        epoch.hasSentences = true
        switch sentence {
        case let .gga(_, status, latitude, longitude, hdop, altitude):
            if let position = Self.position(status, latitude, longitude, sentence.time) {
                epoch.gga = position
                epoch.ggaAltitude = altitude
            }
            if let hdop, hdop > 0 { epoch.ggaHDOP = hdop }
        case let .gns(_, status, latitude, longitude, hdop, altitude):
            if let position = Self.position(status, latitude, longitude, sentence.time) {
                epoch.gns = position
                epoch.gnsAltitude = altitude
            }
            if let hdop, hdop > 0 { epoch.gnsHDOP = hdop }
        case let .rmc(_, status, latitude, longitude, knots, course, rmcDay):
            if let position = Self.position(status, latitude, longitude, sentence.time) {
                epoch.rmc = position
                epoch.rmcSpeed = knots.map { $0 * 1852 / 3600 }
                epoch.rmcCourse = course
            }
            if let rmcDay { date(rmcDay) }
        case let .gll(_, status, latitude, longitude):
            if let position = Self.position(status, latitude, longitude, sentence.time) { epoch.gll = position }
        case let .zda(_, zdaDay):
            if let zdaDay { date(zdaDay) }
        case let .gsa(_, hdop, vdop):
            if let hdop, hdop > 0 { epoch.gsaHDOP = hdop }
            if let vdop, vdop > 0 { epoch.gsaVDOP = vdop }
        case let .vtg(course, speed):
            if epoch.vtgSpeed == nil, epoch.vtgCourse == nil {
                epoch.vtgSpeed = speed
                epoch.vtgCourse = course
            }
        case let .gsv(talker, count):
            if let index = inView.firstIndex(where: { $0.talker == talker }) {
                // Several signals of one system (L1, L5) list the same satellites: keep the largest.
                inView[index].count = max(inView[index].count, count)
            } else if inView.count < 16 {
                inView.append((talker, count))
            }
        }
    }

    /// Ends the input: the last epoch, and any epochs still waiting for a date (as undated).
    mutating func finish() {
        finishEpoch()
        if !held.isEmpty { giveUpHolding() }
    }

    /// The next event, oldest first; `nil` when none is ready.
    mutating func nextReady() -> SourceEvent? {
        guard readyIndex < ready.count else { return nil }
        let event = ready[readyIndex]
        readyIndex += 1
        if readyIndex == ready.count {
            ready.removeAll(keepingCapacity: true)
            readyIndex = 0
        }
        return event
    }

    /// The line of the first epoch delivered without a date, once.
    mutating func takeUndatedLine() -> Int? {
        defer { undatedLine = nil }
        return undatedLine
    }

    /// A sentence's position, when it says it has one, with the sentence's time of day.
    private static func position(
        _ status: NMEAFixStatus,
        _ latitude: Double?,
        _ longitude: Double?,
        _ time: Int?
    ) -> Position? {
        guard status != .none, let latitude, let longitude else { return nil }
        return Position(
            coordinate: Coordinate(latitude: latitude, longitude: longitude),
            estimated: status == .estimated,
            time: time
        )
    }

    /// Sets the date of the current epoch, and dates the epochs held until now.
    private mutating func date(_ newDay: Int) {
        day = newDay
        guard !held.isEmpty else { return }
        let now = epoch.time ?? 0
        for index in held.indices {
            // An epoch held from before midnight belongs to the day before.
            let heldDay = held[index].time - now > 12 * 3_600_000 ? newDay - 1 : newDay
            ready.append(Self.event(held[index].outcome, time: held[index].time, day: heldDay))
        }
        held.removeAll(keepingCapacity: true)
    }

    /// Delivers the held epochs without a date, and every later one until a date arrives.
    private mutating func giveUpHolding() {
        gaveUpHolding = true
        for entry in held {
            noteUndated(entry.outcome, line: entry.line)
            ready.append(Self.event(entry.outcome, time: entry.time, day: nil))
        }
        held.removeAll(keepingCapacity: true)
    }

    /// Keeps the line of the first fix delivered without a date, for the one notice.
    private mutating func noteUndated(_ outcome: Outcome, line: Int) {
        guard !undatedNoticed, case .fix = outcome else { return }
        undatedNoticed = true
        undatedLine = line
    }

    /// Ends the current epoch: its event is ready, or held until a date arrives.
    private mutating func finishEpoch() {
        defer {
            epoch = Epoch()
            inView.removeAll(keepingCapacity: true)
        }
        guard epoch.hasSentences else { return }
        let outcome = makeOutcome()
        guard let time = epoch.time else {
            ready.append(Self.event(outcome, time: nil, day: nil))
            return
        }
        if let day {
            ready.append(Self.event(outcome, time: time, day: day))
        } else if gaveUpHolding {
            noteUndated(outcome, line: epoch.line)
            ready.append(Self.event(outcome, time: time, day: nil))
        } else {
            held.append(Held(time: time, line: epoch.line, outcome: outcome))
            let span = (time - held[0].time + 86_400_000) % 86_400_000
            if held.count >= Self.maximumHeldEpochs || span >= Self.maximumHeldSpan { giveUpHolding() }
        }
    }

    /// What the current epoch says, before it is dated.
    ///
    /// The position is GGA's, else GNS's, RMC's, GLL's: GGA and GNS carry the fix quality, the
    /// altitude and HDOP the position goes with. A measured position wins over an estimated one.
    /// The fix's time is that of the sentence whose position wins, to the precision it was written
    /// with (a Magellan GLL's `200619.295` opens the epoch, its GGA's `200619.30` times the fix).
    private mutating func makeOutcome() -> Outcome {
        var chosen = Self.first(epoch.gga, epoch.gns, epoch.rmc, epoch.gll) { !$0.estimated }
        if chosen == nil, let estimated = Self.first(epoch.gga, epoch.gns, epoch.rmc, epoch.gll, where: { _ in true }) {
            guard includeEstimated else {
                skippedEstimated += 1
                return .estimated
            }
            chosen = estimated
        }
        guard let chosen, chosen.coordinate.isValid else {
            var suffix = ""
            if !inView.isEmpty {
                let count = inView.reduce(0) { $0 + $1.count }
                suffix = ": \(count) satellite\(count == 1 ? "" : "s") in view"
            }
            return .noFix(suffix)
        }
        let altitude: Double? =
            chosen == epoch.gga ? epoch.ggaAltitude : chosen == epoch.gns ? epoch.gnsAltitude : nil
        // RMC's speed and course go with its position when RMC's is as good as the one chosen.
        let rmcMatches = epoch.rmc.map { !$0.estimated || chosen.estimated } ?? false
        let time = (epoch.time ?? 0) + Self.offset(of: chosen.time, from: epoch.time)
        return .fix(
            Location(
                coordinate: chosen.coordinate,
                altitude: altitude,
                horizontalAccuracy: DOPAccuracy.horizontal(hdop: epoch.ggaHDOP ?? epoch.gnsHDOP ?? epoch.gsaHDOP),
                verticalAccuracy: DOPAccuracy.vertical(vdop: epoch.gsaVDOP),
                speed: rmcMatches ? epoch.rmcSpeed ?? epoch.vtgSpeed : epoch.vtgSpeed,
                course: rmcMatches && (epoch.rmcSpeed != nil || epoch.rmcCourse != nil)
                    ? epoch.rmcCourse : epoch.vtgCourse,
                timestamp: Date(timeIntervalSince1970: Double(time / 1000) + Double(time % 1000) / 1000)
            )
        )
    }

    /// The first of four positions, in order, that is present and passes a test (without an array:
    /// this runs for every epoch).
    private static func first(
        _ a: Position?,
        _ b: Position?,
        _ c: Position?,
        _ d: Position?,
        where test: (Position) -> Bool
    ) -> Position? {
        if let a, test(a) { return a }
        if let b, test(b) { return b }
        if let c, test(c) { return c }
        if let d, test(d) { return d }
        return nil
    }

    /// An epoch's event on its date: the fix with its full timestamp, or why there is none.
    private static func event(_ outcome: Outcome, time: Int?, day: Int?) -> SourceEvent {
        var when = ""
        if let time {
            if let day {
                when = " at " + NMEACalendar.iso8601(days: day, milliseconds: time)
            } else {
                let text = NMEACalendar.iso8601(days: 0, milliseconds: time)
                when = " at " + text.dropFirst(11).dropLast() + " UTC"
            }
        }
        switch outcome {
        case .fix(var location):
            guard let day else {
                return .unavailable("fix\(when) without a date (no RMC or ZDA sentence gives one); not replayed")
            }
            location.timestamp = location.timestamp.addingTimeInterval(Double(day) * 86_400)
            return .location(location)
        case .estimated:
            return .unavailable("estimated position\(when) (dead reckoning, simulator or status V); not replayed")
        case .noFix(let suffix):
            return .unavailable("no fix\(when)\(suffix)")
        }
    }

    /// How far a sentence's time of day is from the epoch's, in milliseconds (a few at most; also
    /// across midnight, so 00:00:00.000 is 5 ms after 23:59:59.995).
    private static func offset(of time: Int?, from epochTime: Int?) -> Int {
        guard let time, let epochTime else { return 0 }
        let gap = time - epochTime
        if gap > 43_200_000 { return gap - 86_400_000 }
        if gap < -43_200_000 { return gap + 86_400_000 }
        return gap
    }

    /// Whether a time of day is the epoch's: within 10 ms of it (also across midnight).
    private static func isSameInstant(_ time: Int, _ epochTime: Int?) -> Bool {
        guard let epochTime else { return false }
        let gap = abs(time - epochTime)
        return gap < 10 || gap > 86_400_000 - 10
    }

    /// Opens an epoch at a time of day, moving the date on at midnight.
    private mutating func begin(_ time: Int, line: Int) {
        if let previousTime, previousTime - time > 12 * 3_600_000, let current = day { day = current + 1 }
        previousTime = time
        epoch.time = time
        epoch.line = line
    }

    /// A position, whether the receiver measured it, and the time of day of its sentence.
    private struct Position: Equatable {
        var coordinate: Coordinate
        var estimated: Bool
        var time: Int?
    }

    /// An epoch's event before it is dated; a fix's timestamp is its time of day on 1970-01-01.
    private enum Outcome {
        case fix(Location)
        case estimated
        case noFix(String)
    }

    /// An epoch waiting for a date.
    private struct Held {
        var time: Int
        var line: Int
        var outcome: Outcome
    }

    /// What one epoch's sentences said.
    private struct Epoch {
        var time: Int?
        var line = 0
        var hasSentences = false
        var gga: Position?
        var ggaAltitude: Double?
        var gns: Position?
        var gnsAltitude: Double?
        var rmc: Position?
        var rmcSpeed: Double?
        var rmcCourse: Double?
        var gll: Position?
        var vtgSpeed: Double?
        var vtgCourse: Double?
        var ggaHDOP: Double?
        var gnsHDOP: Double?
        var gsaHDOP: Double?
        var gsaVDOP: Double?
    }
}
