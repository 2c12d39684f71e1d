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
    }

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

    func svg(title: String) -> String {
        state.withValue { state in state.picture.svg(title: title) }
    }
}
