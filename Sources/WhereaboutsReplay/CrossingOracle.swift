package import Foundation
package import Whereabouts

/// The true crossings of a track through fences: every time the person entered or left each fence, at the instant
/// they crossed its boundary, interpolated between fixes.
///
/// It is the ground truth a geofence monitor is measured against, so it sees every fix and every fence at once, with
/// no budget, no delay and no operating system. For each fence it works in the fence's own plane (the azimuthal
/// equidistant projection centred on it), where a fix's distance from the centre is its great-circle distance; between
/// two fixes the person moves in a straight line in that plane at a steady speed, so a crossing's instant is
/// interpolated in time along the segment, and a segment that cuts through a fence between two fixes outside it
/// gives an enter and an exit.
///
/// - The first fix sets each fence's state with no event: inside when strictly within the radius.
/// - A track that only touches a boundary crosses nothing. With a `hysteresis` *h* above 0, a crossing counts only
///   once the track has gone more than *h* metres past the boundary (inside `radius − h` to enter, beyond
///   `radius + h` to leave), so GPS jitter along a boundary is not a stream of crossings; the instant reported is
///   still that of the boundary crossing, the last one before the track went that far. A fence whose radius is at
///   most *h* is never entered.
/// - Fixes with an invalid coordinate, or earlier than the fix before, are left out.
/// - With a `maximumGap`, two fixes further apart in time than it are a pause in the recording (the end of one trip and
///   the start of the next, a receiver switched off), not a straight drive at a steady speed: the path between them is
///   unknown, so a fence whose state differs across the gap changes at the later fix (its instant and place, the first
///   the track shows it), and a fence the straight line would cut through in the gap gives nothing.
/// - A fence with `notifyOnEntry` or `notifyOnExit` off gives no crossing of that direction when `honoursNotifyFlags`
///   (the default), as a monitor that never misses would report.
///
/// ```swift
/// let oracle = CrossingOracle(fences: file.fences, hysteresis: 25)
/// for crossing in oracle.crossings(along: fixes) { print(crossing) }  // "entered depot at 2015-04-01T18:25:03Z"
/// ```
package struct CrossingOracle: Sendable {
    /// The fences; each is handled on its own.
    package var fences: [Geofence]
    /// How far past a boundary, in metres, the track must go for the crossing to count (0: any distance).
    package var hysteresis: Double
    /// Whether fences that do not notify on entry or on exit give no crossing of that direction.
    package var honoursNotifyFlags: Bool
    /// The longest time between two fixes, in seconds, that the track is taken to move straight and steadily; `nil`
    /// for no limit (every gap is interpolated).
    package var maximumGap: TimeInterval?

    /// Creates an oracle.
    ///
    /// - Parameters:
    ///   - fences: The fences.
    ///   - hysteresis: How far past a boundary the track must go, in metres, 0 or more.
    ///   - honoursNotifyFlags: Whether a fence's `notifyOnEntry` and `notifyOnExit` filter its crossings.
    ///   - maximumGap: The longest time between two fixes, in seconds, that is interpolated; `nil` (the default) for
    ///     no limit. A gap longer than it is a pause in the recording (see the type's documentation).
    package init(
        fences: [Geofence],
        hysteresis: Double = 0,
        honoursNotifyFlags: Bool = true,
        maximumGap: TimeInterval? = nil
    ) {
        self.fences = fences
        self.hysteresis = max(0, hysteresis.isFinite ? hysteresis : 0)
        self.honoursNotifyFlags = honoursNotifyFlags
        self.maximumGap = maximumGap.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
    }

    /// The identifiers of the fences the track starts inside (strictly within the radius at the first usable fix).
    ///
    /// - Parameter track: The fixes, in time order.
    /// - Returns: The identifiers, in the order of ``fences``.
    package func fencesInside(atStartOf track: some Sequence<Location>) -> [String] {
        guard let first = track.first(where: { $0.coordinate.isValid }) else { return [] }
        return fences.filter { FencePlane(center: $0.center).distance(to: first.coordinate) < $0.radius }.map(\.id)
    }

    /// Every crossing of the track through the fences, in time order (fences in their order at the same instant).
    ///
    /// - Parameter track: The fixes, in time order.
    /// - Returns: The crossings.
    package func crossings(along track: some Sequence<Location>) -> [Crossing] {
        let fixes = Self.usable(track)
        guard fixes.count >= 2 else { return [] }
        var lengths: [Double] = []
        lengths.reserveCapacity(fixes.count - 1)
        for index in 1..<fixes.count {
            lengths.append(fixes[index - 1].coordinate.distance(to: fixes[index].coordinate))
        }
        var found: [(crossing: Crossing, fence: Int)] = []
        for (number, fence) in fences.enumerated()
        where fence.radius.isFinite && fence.radius > 0 && fence.center.isValid {
            for crossing in crossings(of: fence, along: fixes, lengths: lengths) {
                let wanted =
                    !honoursNotifyFlags
                    || (crossing.transition == .entered ? fence.notifyOnEntry : fence.notifyOnExit)
                if wanted { found.append((crossing, number)) }
            }
        }
        // A stable sort: one fence's crossings keep their order even at the same instant.
        let ordered = found.enumerated().sorted { lhs, rhs in
            (lhs.element.crossing.date, lhs.element.fence, lhs.offset)
                < (rhs.element.crossing.date, rhs.element.fence, rhs.offset)
        }
        return ordered.map(\.element.crossing)
    }

    /// The fixes with a valid coordinate, each no earlier than the one before.
    private static func usable(_ track: some Sequence<Location>) -> [Location] {
        var fixes: [Location] = []
        for fix in track where fix.coordinate.isValid {
            if let last = fixes.last, fix.timestamp < last.timestamp { continue }
            fixes.append(fix)
        }
        return fixes
    }
}
