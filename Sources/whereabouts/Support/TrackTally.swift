import ConcurrencyExtras
import Foundation
import Whereabouts

/// Counts and pictures shared between the source's tap and the command.
final class TrackTally: Sendable {
    /// What the tally holds, behind one lock.
    private struct State {
        var picture = TrackPicture()
        var read = 0
        var delivered = 0
        var precise = 0
        var malformed = 0
        /// Fixes read when the app last received one.
        var readAtLastDelivery = 0
        /// The authorization and diagnostics of the last batch the app was given.
        var authorization: Authorization?
        var notes = ""
        /// The last fix the app received under ``authorization`` (as `LocationPermissionModel` keeps it).
        var location: Location?
    }

    /// How many malformed records are reported one by one; the rest are counted in the summary.
    static let shownWarnings = 20

    private let state = LockIsolated(State())
    let drawsPicture: Bool
    /// The purpose key "Request Precise Location" would ask with, or `nil` when the app has none (no such button).
    let purposeKey: String?

    init(drawsPicture: Bool, purposeKey: String? = nil) {
        self.drawsPicture = drawsPicture
        self.purposeKey = purposeKey
    }

    /// Counts the fixes of a batch of raw events (one lock for the batch).
    func sawRaw(_ events: [SourceEvent]) {
        state.withValue { state in
            for event in events {
                guard case .location(let location) = event else { continue }
                state.read += 1
                if drawsPicture { state.picture.addTruth(location.coordinate) }
            }
        }
    }

    /// Counts fixes the app received: `count` of them, `preciseCount` precise; with the picture on, `locations`
    /// holds them (else it may be empty).
    func delivered(count: Int, preciseCount: Int, locations: [(location: Location, precise: Bool)]) {
        guard count > 0 else { return }
        state.withValue { state in
            state.readAtLastDelivery = state.read
            state.delivered += count
            state.precise += preciseCount
            if drawsPicture {
                for (location, precise) in locations { state.picture.addReceived(location, precise: precise) }
            }
        }
    }

    var counts: (read: Int, delivered: Int, precise: Int) {
        state.withValue { state in (state.read, state.delivered, state.precise) }
    }

    /// Counts a malformed record; returns how many there were so far, this one included.
    func sawMalformed() -> Int {
        state.withValue { state in
            state.malformed += 1
            return state.malformed
        }
    }

    /// How many malformed records were skipped.
    var malformed: Int { state.value.malformed }

    /// Keeps the authorization, the last fix and the diagnostics of a batch the app was given, for the status line
    /// and the picture's indicator.
    ///
    /// - Parameters:
    ///   - authorization: The authorization after the batch.
    ///   - location: The batch's last fix the app received, or `nil` when it received none.
    ///   - notes: The batch's diagnostics, for the status line.
    func sawBatch(authorization: Authorization, location: Location?, notes: String) {
        state.withValue { state in
            // As LocationPermissionModel.apply: a fix received at another accuracy, or before a revoke, is not drawn.
            if state.authorization?.accuracy != authorization.accuracy || !authorization.status.isAuthorized {
                state.location = nil
            }
            state.authorization = authorization
            if let location { state.location = location }
            state.notes = notes
        }
    }

    /// How the app draws the person now: from the last authorization and fix, with the bearing from the course
    /// (a track has no compass).
    var indicator: UserLocationIndicator {
        state.withValue { state in
            UserLocationIndicator(authorization: state.authorization, location: state.location, bearingSource: .course)
        }
    }

    /// The status line: what was read and received, what is awaited, the indicator the app draws (and, under
    /// approximate location, its "Request Precise Location"), the authorization and the pace.
    ///
    /// While approximate fixes are due (at most 4 an hour of track time) the track is still read: the line says so
    /// rather than stand still. The parts come in that order, most important first, and a part that would go past
    /// `width` is left out with all after it (never cut in the middle): at 100 columns the counts, the pending fix
    /// and the indicator fit.
    ///
    /// - Parameters:
    ///   - speed: The replay's pace, such as `10×`.
    ///   - width: The columns the line may take (the terminal's width).
    /// - Returns: The line, shorter than `width`.
    func statusLine(speed: String, width: Int = .max) -> String {
        let indicator = indicator
        return state.withValue { state in
            var parts = ["▸ \(state.read) read · \(state.delivered) received"]
            let pending = state.authorization?.accuracy == .reducedAccuracy && state.read > state.readAtLastDelivery
            if pending { parts.append("next approximate fix pending") }
            if let authorization = state.authorization {
                parts.append(Self.describe(indicator))
                // As LocationPermissionModel.showsRequestPreciseButton: authorized, reduced accuracy, a purpose key.
                if authorization.status.isAuthorized, authorization.accuracy == .reducedAccuracy, let purposeKey {
                    parts.append("\(PermissionText.requestPrecise.defaultValue): --purpose-key \(purposeKey)")
                }
                if pending { parts.append("at most 4 approximate fixes an hour of track time") }
                parts.append("\(authorization)")
            }
            parts.append(speed)
            if !state.notes.isEmpty { parts.append(state.notes) }
            var line = parts[0]
            for part in parts.dropFirst() {
                guard line.count + 3 + part.count < width else { break }
                line += " · " + part
            }
            return line
        }
    }

    /// The indicator in words, under its label: "My Location: approximate circle, 5.2 km".
    static func describe(_ indicator: UserLocationIndicator) -> String {
        let label = PermissionText.indicatorLabel.defaultValue
        switch indicator {
        case .hidden:
            return "\(label): hidden"
        case .precise(_, let bearing?):
            return "\(label): precise dot, bearing \(Int(bearing.rounded()) % 360)°"
        case .precise(_, nil):
            return "\(label): precise dot"
        case .approximate(_, let radius):
            return "\(label): approximate circle, \(distance(radius))"
        }
    }

    /// A distance for people: "850 m", "5.2 km".
    static func distance(_ metres: Double) -> String {
        metres < 1_000 ? "\(Int(metres.rounded())) m" : String(format: "%.1f km", metres / 1_000)
    }

    func svg(title: String) -> String {
        let indicator = indicator
        return state.withValue { state in state.picture.svg(title: title, indicator: indicator) }
    }
}
