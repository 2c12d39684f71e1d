import Foundation
import Whereabouts

/// Gathers the sentences of one epoch (one UTC time) and turns them into one event.
///
/// Sentences with a time (GGA, RMC) open a new epoch when their time differs from the current
/// one; GSA, GSV and VTG join the current epoch. The date comes from RMC; before any RMC it is
/// the default date, and it moves on a day when the time of day goes backwards by more than
/// twelve hours (23:59:59 → 00:00:00).
struct NMEAEpochAssembler {
    /// The current date, in days since 1970-01-01.
    private var day: Int
    /// The time of day of the last epoch that had one, to notice midnight.
    private var previousTime: Int?
    private var epoch = Epoch()
    /// Satellites in view per talker (GP, GL, GA, GB…) in this epoch: GSV counts each system apart.
    private var inView: [(talker: UInt16, count: Int)] = []

    /// - Parameter day: The date of the sentences before the first RMC, in days since 1970-01-01.
    init(day: Int) {
        self.day = day
        inView.reserveCapacity(8)
    }

    /// Adds a sentence; returns the previous epoch's event when the sentence starts a new one.
    mutating func add(_ sentence: NMEASentence) -> SourceEvent? {
        var event: SourceEvent?
        if let time = sentence.time, time != epoch.time {
            if epoch.time != nil { event = finish() }
            begin(time)
        }
        epoch.hasSentences = true
        switch sentence {
        case let .gga(_, quality, latitude, longitude, hdop, altitude):
            if quality > 0, let latitude, let longitude {
                epoch.ggaPosition = Coordinate(latitude: latitude, longitude: longitude)
                epoch.altitude = altitude
            }
            if let hdop, hdop > 0 { epoch.ggaHDOP = hdop }
        case let .rmc(_, active, latitude, longitude, knots, course, rmcDay):
            if active, let latitude, let longitude {
                epoch.rmcPosition = Coordinate(latitude: latitude, longitude: longitude)
                epoch.rmcSpeed = knots.map { $0 * 1852 / 3600 }
                epoch.rmcCourse = course
            }
            if let rmcDay { day = rmcDay }
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
        return event
    }

    /// Ends the current epoch: its event, or `nil` when it had no sentences.
    mutating func finish() -> SourceEvent? {
        defer {
            epoch = Epoch()
            inView.removeAll(keepingCapacity: true)
        }
        guard epoch.hasSentences else { return nil }
        let position = epoch.ggaPosition ?? epoch.rmcPosition
        guard let time = epoch.time, let position, position.isValid else {
            var message = "no fix"
            if let time = epoch.time { message += " at " + NMEACalendar.iso8601(days: day, milliseconds: time) }
            if !inView.isEmpty {
                let count = inView.reduce(0) { $0 + $1.count }
                message += ": \(count) satellite\(count == 1 ? "" : "s") in view"
            }
            return .unavailable(message)
        }
        let hdop = epoch.ggaHDOP ?? epoch.gsaHDOP
        let seconds = Double(day) * 86_400 + Double(time / 1000) + Double(time % 1000) / 1000
        let location = Location(
            coordinate: position,
            altitude: epoch.ggaPosition == nil ? nil : epoch.altitude,
            horizontalAccuracy: DOPAccuracy.horizontal(hdop: hdop),
            verticalAccuracy: DOPAccuracy.vertical(vdop: epoch.gsaVDOP),
            speed: epoch.rmcSpeed ?? epoch.vtgSpeed,
            course: epoch.rmcSpeed != nil || epoch.rmcCourse != nil ? epoch.rmcCourse : epoch.vtgCourse,
            timestamp: Date(timeIntervalSince1970: seconds)
        )
        return .location(location)
    }

    /// Opens an epoch at a time of day, moving the date on at midnight.
    private mutating func begin(_ time: Int) {
        if let previousTime, previousTime - time > 12 * 3_600_000 { day += 1 }
        previousTime = time
        epoch.time = time
    }

    /// What one epoch's sentences said.
    private struct Epoch {
        var time: Int?
        var hasSentences = false
        var ggaPosition: Coordinate?
        var altitude: Double?
        var rmcPosition: Coordinate?
        var rmcSpeed: Double?
        var rmcCourse: Double?
        var vtgSpeed: Double?
        var vtgCourse: Double?
        var ggaHDOP: Double?
        var gsaHDOP: Double?
        var gsaVDOP: Double?
    }
}
