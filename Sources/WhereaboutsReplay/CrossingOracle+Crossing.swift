package import Foundation
package import Whereabouts

extension CrossingOracle {
    /// One true crossing: a fence, a direction, and the instant and place the track crossed its boundary.
    ///
    /// Its fence identifier, transition and date are those of a ``Whereabouts/GeofenceEvent``, so a reported event
    /// and a true crossing compare field by field; the place is the oracle's own.
    package struct Crossing: Hashable, Sendable, CustomStringConvertible {
        /// The ``Whereabouts/Geofence/id`` of the fence crossed.
        package var fenceID: String
        /// Into the fence or out of it.
        package var transition: GeofenceEvent.Transition
        /// When the track crossed the boundary, interpolated between fixes.
        package var date: Date
        /// Where the track crossed the boundary, interpolated between fixes.
        package var coordinate: Coordinate

        /// Creates a crossing.
        ///
        /// - Parameters:
        ///   - fenceID: The fence's identifier.
        ///   - transition: Into the fence or out of it.
        ///   - date: When the track crossed.
        ///   - coordinate: Where the track crossed.
        package init(fenceID: String, transition: GeofenceEvent.Transition, date: Date, coordinate: Coordinate) {
            self.fenceID = fenceID
            self.transition = transition
            self.date = date
            self.coordinate = coordinate
        }

        /// `"entered depot at 2015-04-01T18:25:03.250Z"`.
        package var description: String {
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
            guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return "\(transition.rawValue) \(fenceID)" }
            let whole = Int(milliseconds)
            let day = Int((Double(whole) / 86_400_000).rounded(.down))
            let time = NMEACalendar.iso8601(days: day, milliseconds: whole - day * 86_400_000)
            return "\(transition.rawValue) \(fenceID) at \(time)"
        }
    }
}
