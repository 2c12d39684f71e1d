public import Foundation

/// The person entered or left one of the app's geofences.
///
/// ```swift
/// func describe(_ event: GeofenceEvent) -> String {
///     let verb = event.transition == .entered ? "arrived at" : "left"
///     return event.detection == .inferred ? "\(verb) \(event.fenceID) before \(event.date)" : "\(verb) \(event.fenceID)"
/// }
/// ```
public struct GeofenceEvent: Hashable, Sendable, Codable {
    /// The direction of a crossing.
    public enum Transition: String, Hashable, Sendable, Codable {
        /// The person went from outside the fence to inside it.
        case entered
        /// The person went from inside the fence to outside it.
        case exited
    }

    /// How the library learned of a crossing, which says how late and how sure it is.
    public enum Detection: String, Hashable, Sendable, Codable {
        /// The system reported it: the fence was among the monitored conditions when it was crossed.
        case monitored
        /// The fence was not monitored when it was crossed: a later fix showed the person on the other side.
        /// The event is dated at that fix, after the crossing itself.
        case inferred
        /// Found on a fix of reduced accuracy: the crossing may be off by the fix's uncertainty.
        case approximate
    }

    /// The ``Geofence/id`` of the fence crossed.
    public var fenceID: String
    /// Whether the person entered or left it.
    public var transition: Transition
    /// When the crossing was reported by the system, or for an inferred one, the fix that revealed it.
    public var date: Date
    /// How the crossing was found.
    public var detection: Detection

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - fenceID: The fence crossed.
    ///   - transition: Entered or exited.
    ///   - date: When it was reported or revealed.
    ///   - detection: How it was found.
    public init(fenceID: String, transition: Transition, date: Date, detection: Detection) {
        self.fenceID = fenceID
        self.transition = transition
        self.date = date
        self.detection = detection
    }
}
