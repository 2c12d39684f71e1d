public import Foundation

/// A condition's state at a moment, and why the system holds events back, as Core Location's `CLMonitor.Event`.
///
/// Besides the state, an event carries iOS 18's diagnostics as ``flags``: a state change the system sees while it may
/// not tell the app (approximate location only, When In Use in the background, authorization denied) arrives as an
/// event whose flags say so, and whose state is the one the app last knew.
///
/// ```swift
/// for await event in await monitor.events() {
///     if event.accuracyLimited { showPreciseLocationPrompt() }
///     else if event.state == .satisfied { arrived(at: event.identifier) }
/// }
/// ```
public struct MonitorEvent: Hashable, Sendable, Codable {
    /// Why an event's state may not be current, as the Boolean properties of iOS 18's `CLMonitor.Event` name them.
    public enum Flag: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
        /// The person denied the app location (`authorizationDenied`).
        case authorizationDenied
        /// Location Services are off for the device (`authorizationDeniedGlobally`).
        case authorizationDeniedGlobally
        /// Parental controls or a profile restrict the app's location (`authorizationRestricted`).
        case authorizationRestricted
        /// The app is not in use enough for its authorization: When In Use in the background (`insufficientlyInUse`).
        case insufficientlyInUse
        /// The app has approximate location only, and circular conditions need precise location (`accuracyLimited`).
        case accuracyLimited
        /// Conditions of this kind cannot be monitored here: a beacon without ranging (`conditionUnsupported`).
        case conditionUnsupported
        /// The app monitors more conditions than the system allows (`conditionLimitExceeded`).
        case conditionLimitExceeded
        /// The system could not keep the monitor's conditions and records (`persistenceUnavailable`).
        case persistenceUnavailable
        /// The app requires explicit service sessions and holds none that asks for authorization
        /// (`serviceSessionRequired`).
        case serviceSessionRequired
        /// The system is asking the person for authorization for the app, and has no answer yet
        /// (`authorizationRequestInProgress`).
        case authorizationRequestInProgress

        /// Orders flags by their order of declaration, for stable output.
        ///
        /// - Parameters:
        ///   - lhs: A flag.
        ///   - rhs: Another flag.
        /// - Returns: Whether `lhs` is declared before `rhs`.
        public static func < (lhs: Flag, rhs: Flag) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The identifier the condition was added under.
    public var identifier: String
    /// The condition's state.
    public var state: MonitorConditionState
    /// When the state was seen.
    public var date: Date
    /// The most specific condition the event applies to (a beacon's major and minor under a wildcard), if any.
    public var refinement: MonitorCondition?
    /// Why events are held back or the state may not be current; empty when nothing stands in the way.
    public var flags: Set<Flag>

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - identifier: The condition's identifier.
    ///   - state: Its state.
    ///   - date: When the state was seen.
    ///   - refinement: The more specific condition, if any.
    ///   - flags: What holds events back.
    public init(
        identifier: String,
        state: MonitorConditionState,
        date: Date,
        refinement: MonitorCondition? = nil,
        flags: Set<Flag> = []
    ) {
        self.identifier = identifier
        self.state = state
        self.date = date
        self.refinement = refinement
        self.flags = flags
    }

    /// The person denied the app location.
    public var authorizationDenied: Bool { flags.contains(.authorizationDenied) }
    /// Location Services are off for the device.
    public var authorizationDeniedGlobally: Bool { flags.contains(.authorizationDeniedGlobally) }
    /// Parental controls or a profile restrict the app's location.
    public var authorizationRestricted: Bool { flags.contains(.authorizationRestricted) }
    /// The app is not in use enough for its authorization.
    public var insufficientlyInUse: Bool { flags.contains(.insufficientlyInUse) }
    /// The app has approximate location only.
    public var accuracyLimited: Bool { flags.contains(.accuracyLimited) }
    /// Conditions of this kind cannot be monitored here.
    public var conditionUnsupported: Bool { flags.contains(.conditionUnsupported) }
    /// The app monitors more conditions than the system allows.
    public var conditionLimitExceeded: Bool { flags.contains(.conditionLimitExceeded) }
    /// The system could not keep the monitor's conditions and records.
    public var persistenceUnavailable: Bool { flags.contains(.persistenceUnavailable) }
    /// The app requires explicit service sessions and holds none that asks for authorization.
    public var serviceSessionRequired: Bool { flags.contains(.serviceSessionRequired) }
    /// The system is asking the person for authorization, with no answer yet.
    public var authorizationRequestInProgress: Bool { flags.contains(.authorizationRequestInProgress) }
}
