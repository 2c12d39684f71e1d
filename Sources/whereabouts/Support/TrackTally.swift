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

    func sawRaw(_ event: SourceEvent) {
        guard case .location(let location) = event else { return }
        state.withValue { state in
            state.read += 1
            if drawsPicture { state.picture.addTruth(location.coordinate) }
        }
    }

    func delivered(_ location: Location, precise isPrecise: Bool) {
        state.withValue { state in
            state.delivered += 1
            if isPrecise { state.precise += 1 }
            if drawsPicture { state.picture.addReceived(location, precise: isPrecise) }
        }
    }

    var counts: (read: Int, delivered: Int, precise: Int) {
        state.withValue { state in (state.read, state.delivered, state.precise) }
    }

    func svg(title: String) -> String {
        state.withValue { state in state.picture.svg(title: title) }
    }
}
