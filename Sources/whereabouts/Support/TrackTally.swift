import Foundation
import Whereabouts

/// Counts and pictures shared between the source's tap and the command.
final class TrackTally: @unchecked Sendable {
    // @unchecked: every stored property is guarded by `lock`.
    private let lock = NSLock()
    private var picture = TrackPicture()
    private var read = 0
    private var delivered = 0
    private var precise = 0
    let drawsPicture: Bool

    init(drawsPicture: Bool) {
        self.drawsPicture = drawsPicture
    }

    func sawRaw(_ event: SourceEvent) {
        guard case .location(let location) = event else { return }
        lock.withLock {
            read += 1
            if drawsPicture { picture.addTruth(location.coordinate) }
        }
    }

    func delivered(_ location: Location, precise isPrecise: Bool) {
        lock.withLock {
            delivered += 1
            if isPrecise { precise += 1 }
            if drawsPicture { picture.addReceived(location, precise: isPrecise) }
        }
    }

    var counts: (read: Int, delivered: Int, precise: Int) {
        lock.withLock { (read, delivered, precise) }
    }

    func svg(title: String) -> String {
        lock.withLock { picture.svg(title: title) }
    }
}
