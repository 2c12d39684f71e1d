import ConcurrencyExtras
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
    }

    /// How many malformed records are reported one by one; the rest are counted in the summary.
    static let shownWarnings = 20

    private let state = LockIsolated(State())
    let drawsPicture: Bool

    init(drawsPicture: Bool) {
        self.drawsPicture = drawsPicture
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

    /// Keeps the authorization and the diagnostics of a batch the app was given, for the status line.
    func sawBatch(authorization: Authorization, notes: String) {
        state.withValue { state in
            state.authorization = authorization
            state.notes = notes
        }
    }

    /// The status line: what was read and received, the authorization, the pace, and what is awaited. While
    /// approximate fixes are due (at most 4 an hour of track time) the track is still read: the line says so
    /// rather than stand still.
    func statusLine(speed: String) -> String {
        state.withValue { state in
            var line = "▸ \(state.read) read · \(state.delivered) received"
            if state.authorization?.accuracy == .reducedAccuracy, state.read > state.readAtLastDelivery {
                line += " · next approximate fix pending (at most 4 an hour of track time)"
            }
            if let authorization = state.authorization { line += " · \(authorization)" }
            line += " · \(speed)"
            if !state.notes.isEmpty { line += " · \(state.notes)" }
            return line
        }
    }

    func svg(title: String) -> String {
        state.withValue { state in state.picture.svg(title: title) }
    }
}
