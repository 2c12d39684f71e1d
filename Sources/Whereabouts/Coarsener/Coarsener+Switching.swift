import Foundation

extension Coarsener {
    /// A cell the person entered after the one shown: where and when the first fix in it came.
    struct Entry: Sendable {
        var cell: Cell
        var position: Coordinate
        var time: Date
    }

    /// Follows the person's cell with hysteresis, and moves the shown cell on once a switch has waited.
    ///
    /// Entering a new cell queues it behind the shown one. The queue's first cell replaces the shown one once
    /// the person is the pair's keyed distance from where they entered it, or has been in it the pair's
    /// keyed delay; returning to a queued cell drops the cells after it, returning to the shown one drops them
    /// all. Should the person come within `minimumDistance` of the shown point, their own cell is shown at
    /// once, so no fix is ever that close.
    mutating func follow(_ fix: Location) {
        let coordinate = fix.coordinate
        if let cell, grid.margin(of: cell, contains: coordinate) {
            // Still in the current cell or its margin: stay.
        } else {
            let next = grid.cell(for: coordinate)
            cell = next
            if shown == nil {
                show(next)
            } else if next == shown {
                entered.removeAll()
            } else if let index = entered.firstIndex(where: { $0.cell == next }) {
                entered.removeSubrange((index + 1)...)
            } else {
                entered.append(Entry(cell: next, position: coordinate, time: fix.timestamp))
            }
        }
        while let next = entered.first, let shown {
            let wait = grid.switchWait(from: shown, to: next.cell)
            guard
                coordinate.distance(to: next.position) >= wait.distance
                    || fix.timestamp.timeIntervalSince(next.time) >= wait.delay
            else { break }
            show(next.cell)
            entered.removeFirst()
        }
        if let cell, !entered.isEmpty, let point, point.distance(to: coordinate) < configuration.minimumDistance {
            show(cell)
            entered.removeAll()
        }
    }

    private mutating func show(_ next: Cell) {
        shown = next
        point = grid.representative(of: next)
    }

    /// ``horizontalAccuracy`` for a configuration: computed once per process for the default's cell size,
    /// distances and hysteresis (the block size, rate and switch wait do not enter it).
    static func accuracy(for configuration: Configuration) -> Double {
        let (given, usual) = (configuration, Configuration.default)
        let isUsual =
            (given.cellSize, given.minimumDistance, given.offsetSpread, given.hysteresis)
            == (usual.cellSize, usual.minimumDistance, usual.offsetSpread, usual.hysteresis)
        return isUsual ? defaultAccuracy : containmentRadius(configuration, probability: 0.68)
    }

    private static let defaultAccuracy = containmentRadius(.default, probability: 0.68)
}

extension Coarsener.Grid {
    /// How far and how long a switch from the shown cell to the next one waits: one keyed draw per ordered
    /// pair of cells, from 0 to `switchDistance` metres and the same fraction of `switchDelay` seconds.
    func switchWait(from shown: Coarsener.Cell, to next: Coarsener.Cell) -> (distance: Double, delay: Double) {
        guard switchDistance > 0 || switchDelay > 0 else { return (0, 0) }
        // The tag spells "switches".
        let first = SipHasher.hash(tag: 0x7377_6974_6368_6573, shown.row, shown.column, k0: k0, k1: k1)
        let fraction = Self.unit(SipHasher.hash(tag: first, next.row, next.column, k0: k0, k1: k1))
        return (switchDistance * fraction, switchDelay * fraction)
    }
}
