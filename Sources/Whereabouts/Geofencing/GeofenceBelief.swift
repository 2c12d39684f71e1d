package import Foundation

/// What the library believes of each fence, inside or outside, and the latest report it took that from.
///
/// The belief changes only on news: a report of the state it already holds, or one no newer than the last it took,
/// changes nothing and emits nothing. So a system event delivered twice, a current state re-emitted when a monitor
/// opens, and an inference the system later confirms each yield one ``GeofenceEvent`` at most, by construction.
/// The first known state of a fence sets the belief without an event: nothing was crossed that anyone saw.
///
/// ```swift
/// var belief = GeofenceBelief()
/// _ = belief.record(.outside, of: depot, at: t0, detection: .monitored)  // nil: the first state
/// belief.record(.inside, of: depot, at: t1, detection: .monitored)       // entered
/// belief.record(.inside, of: depot, at: t1, detection: .monitored)       // nil: the same event again
/// ```
package struct GeofenceBelief: Hashable, Sendable {
    /// Where the person is with respect to one fence.
    package enum State: String, Hashable, Sendable {
        /// Inside the circle (on its edge counts as inside).
        case inside
        /// Outside the circle.
        case outside
        /// Not known: never reported, or too close to the edge to tell.
        case unknown
    }

    private struct Entry: Hashable, Sendable {
        var state: State
        var date: Date
    }

    private var entries: [String: Entry] = [:]

    /// Creates a belief that knows nothing.
    package init() {}

    /// The believed state of a fence, `.unknown` when none was recorded.
    ///
    /// - Parameter fenceID: The fence's ``Geofence/id``.
    /// - Returns: Its believed state.
    package func state(of fenceID: String) -> State {
        entries[fenceID]?.state ?? .unknown
    }

    /// The date of the latest report taken for a fence, if any.
    ///
    /// - Parameter fenceID: The fence's ``Geofence/id``.
    /// - Returns: The date, or `nil` when nothing was recorded.
    package func date(of fenceID: String) -> Date? {
        entries[fenceID]?.date
    }

    /// Takes a report of a fence's state, and returns the crossing it reveals, if any.
    ///
    /// An `.unknown` report, or one dated earlier than the last report taken for the fence, is ignored (reports of one
    /// instant are taken in the order they come). A report of a new state after a known one is a crossing: an event
    /// when the fence notifies that direction.
    ///
    /// - Parameters:
    ///   - state: The state reported.
    ///   - fence: The fence it is about.
    ///   - date: When the system reported it, or when the fix that shows it was taken.
    ///   - detection: How the state was found, carried to the event.
    /// - Returns: The crossing, or `nil` when the report brings no crossing the app asked for.
    package mutating func record(
        _ state: State,
        of fence: Geofence,
        at date: Date,
        detection: GeofenceEvent.Detection
    ) -> GeofenceEvent? {
        guard state != .unknown else { return nil }
        guard let entry = entries[fence.id] else {
            entries[fence.id] = Entry(state: state, date: date)
            return nil
        }
        guard date >= entry.date else { return nil }
        entries[fence.id] = Entry(state: state, date: date)
        guard entry.state != state else { return nil }
        let transition: GeofenceEvent.Transition = state == .inside ? .entered : .exited
        let wanted = transition == .entered ? fence.notifyOnEntry : fence.notifyOnExit
        return wanted ? GeofenceEvent(fenceID: fence.id, transition: transition, date: date, detection: detection) : nil
    }

    /// Forgets a fence, when it leaves the set or its circle changes.
    ///
    /// - Parameter fenceID: The fence's ``Geofence/id``.
    package mutating func forget(_ fenceID: String) {
        entries[fenceID] = nil
    }
}
