// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
public import Foundation

// Checked against CLMonitor.h and CLMonitoringEvent.h of the iOS 18.0 SDK (the class and the event: macOS 14, iOS 17,
// API_UNAVAILABLE(watchos, tvos), and visionos under TARGET_OS_VISION; each event flag macOS 15, iOS 18) and Apple's
// pages under documentation/corelocation/clmonitor-2r51v for the Swift overlay, which replaces the Objective-C class,
// its configuration (`CLMonitorConfiguration`, a name, a queue and an event handler) and `CLMonitoringRecord` with the
// actor and the nested types below. The nested types are declared inside the actor: an extension of it would name a
// type that the watchOS, tvOS and visionOS flavours mark unavailable.
//
// Interface only: nothing in the package calls it yet, and every body that would need Core Location's monitoring
// traps (a simulated condition monitor does not exist yet). What no source settles: whether `Events.Iterator.next()`
// throws (Apple's article iterates with `for try await`, which compiles against either) and whether `CLMonitor.Event`
// has a public initialiser (it is declared here with none).
/// `CLMonitor`: a named set of conditions that Core Location monitors for the app, whose events arrive in `events`
/// (iOS 17, Mac Catalyst 17, macOS 14; not watchOS, tvOS or visionOS).
#if WHEREABOUTS_STANDIN_WATCHOS
@available(*, unavailable, message: "CLMonitor is not available on watchOS")
#elseif WHEREABOUTS_STANDIN_VISIONOS
@available(*, unavailable, message: "CLMonitor is not available on visionOS")
#elseif WHEREABOUTS_STANDIN_TVOS
@available(*, unavailable, message: "CLMonitor is not available on tvOS")
#endif
@available(watchOS, unavailable) @available(visionOS, unavailable) @available(tvOS, unavailable)
@available(iOS 17, macOS 14, macCatalyst 17, *)
public actor CLMonitor {
    /// Opens the monitor of this name, creating it the first time; its conditions persist until they are removed.
    ///
    /// Apple's header says only one monitor of a name may be open at a time; apps report that opening a second one,
    /// or one whose name is not valid, raises an exception that ends the app.
    public init(_ name: String) async {
        Self.standInNotRunnable("CLMonitor.init(_:)")
    }

    /// The identifiers of the conditions this monitor holds.
    public var identifiers: [String] {
        Self.standInNotRunnable("CLMonitor.identifiers")
    }

    /// The monitor's events, as an asynchronous sequence.
    public final let events: Events

    /// Adds a condition under an identifier, in state `.unknown`.
    public func add(_ condition: any CLCondition, identifier: String) {
        Self.standInNotRunnable("CLMonitor.add(_:identifier:)")
    }

    /// Adds a condition under an identifier, in the state the app assumes.
    public func add(_ condition: any CLCondition, identifier: String, assuming state: CLMonitor.Event.State) {
        Self.standInNotRunnable("CLMonitor.add(_:identifier:assuming:)")
    }

    /// Removes the condition of this identifier, and its record.
    public func remove(_ identifier: String) {
        Self.standInNotRunnable("CLMonitor.remove(_:)")
    }

    /// The condition of this identifier and the last event delivered for it, or `nil` for an identifier the monitor
    /// does not hold.
    public func record(for identifier: String) -> CLMonitor.Record? {
        Self.standInNotRunnable("CLMonitor.record(for:)")
    }

    /// `CLMonitor.Events`: the events of a monitor, as an asynchronous sequence.
    public struct Events: AsyncSequence, Sendable {
        /// `CLMonitor.Events.Iterator`.
        public struct Iterator: AsyncIteratorProtocol {
            /// The next event.
            public mutating func next() async throws -> CLMonitor.Event? {
                CLMonitor.standInNotRunnable("CLMonitor.Events.Iterator.next()")
            }
        }

        /// An iterator over the events.
        public func makeAsyncIterator() -> Iterator {
            CLMonitor.standInNotRunnable("CLMonitor.Events.makeAsyncIterator()")
        }
    }

    /// `CLMonitor.Event` (`CLMonitoringEvent`): a condition's state at a moment, and why events are held back.
    public struct Event: Sendable {
        /// `CLMonitor.Event.State`: `__CLMonitoringState`.
        public typealias State = __CLMonitoringState

        /// The identifier the condition was added under.
        public var identifier: String {
            CLMonitor.standInNotRunnable("CLMonitor.Event.identifier")
        }
        /// The most specific condition the event applies to (a beacon's major and minor under a wildcard), if any.
        public let refinement: (any CLCondition)?
        /// The condition's state at the time of the event.
        public var state: CLMonitor.Event.State {
            CLMonitor.standInNotRunnable("CLMonitor.Event.state")
        }
        /// When the event happened.
        public var date: Date {
            CLMonitor.standInNotRunnable("CLMonitor.Event.date")
        }

        /// Events are suspended: the person denied the app location authorization (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var authorizationDenied: Bool {
            CLMonitor.standInNotRunnable("CLMonitor.Event.authorizationDenied")
        }
        /// Events are suspended: Location Services are off for the whole device (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var authorizationDeniedGlobally: Bool {
            CLMonitor.standInNotRunnable("CLMonitor.Event.authorizationDeniedGlobally")
        }
        /// Events are suspended: the app lacks authorization and restrictions (parental controls, a profile) keep it
        /// from changing (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var authorizationRestricted: Bool {
            CLMonitor.standInNotRunnable("CLMonitor.Event.authorizationRestricted")
        }
        /// Events are suspended: the app is not in use enough for its authorization (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var insufficientlyInUse: Bool {
            CLMonitor.standInNotRunnable("CLMonitor.Event.insufficientlyInUse")
        }
        /// Events are not delivered: the app has approximate location only (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var accuracyLimited: Bool {
            CLMonitor.standInNotRunnable("CLMonitor.Event.accuracyLimited")
        }
        /// Events are suspended for this condition: conditions of its type cannot be monitored (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var conditionUnsupported: Bool {
            CLMonitor.standInNotRunnable("CLMonitor.Event.conditionUnsupported")
        }
        /// Events are suspended for this condition: the app monitors too many other conditions of its type (iOS 18,
        /// macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var conditionLimitExceeded: Bool {
            CLMonitor.standInNotRunnable("CLMonitor.Event.conditionLimitExceeded")
        }
        /// Monitoring failed to persist: conditions and events may not have been stored (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var persistenceUnavailable: Bool {
            CLMonitor.standInNotRunnable("CLMonitor.Event.persistenceUnavailable")
        }
        /// Location Services are off for the app: it requires explicit service sessions and holds none that asks for
        /// authorization (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var serviceSessionRequired: Bool {
            CLMonitor.standInNotRunnable("CLMonitor.Event.serviceSessionRequired")
        }
        /// The system is asking the person for authorization for the app, and has no answer yet (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var authorizationRequestInProgress: Bool {
            CLMonitor.standInNotRunnable("CLMonitor.Event.authorizationRequestInProgress")
        }
    }

    /// `CLMonitor.Record` (`CLMonitoringRecord`): a monitored condition and the last event delivered for it.
    public struct Record: Sendable {
        /// The condition.
        public let condition: any CLCondition
        /// The last event the app handled for it.
        public let lastEvent: CLMonitor.Event
    }

    /// `CLMonitor.CircularGeographicCondition` (`CLCircularGeographicCondition`): a circle on the ground.
    public struct CircularGeographicCondition: CLCondition {
        /// A circle of `radius` metres around `center`.
        public init(center: CLLocationCoordinate2D, radius: CLLocationDistance) {
            self.center = center
            self.radius = radius
        }
        /// The centre.
        public let center: CLLocationCoordinate2D
        /// The radius in metres.
        public let radius: CLLocationDistance

        /// Decodes a condition (Apple's encoding is not public, so the stand-in has none).
        public init(from decoder: any Decoder) throws {
            CLMonitor.standInNotRunnable("CLMonitor.CircularGeographicCondition.init(from:)")
        }
        /// Encodes the condition (Apple's encoding is not public, so the stand-in has none).
        public func encode(to encoder: any Encoder) throws {
            CLMonitor.standInNotRunnable("CLMonitor.CircularGeographicCondition.encode(to:)")
        }
    }

    /// `CLMonitor.BeaconIdentityCondition` (`CLBeaconIdentityCondition`): beacons of a UUID, and of a major and minor
    /// value where given (Apple's page of the type lists no Mac Catalyst; the pages of its members list Mac Catalyst 17).
    public struct BeaconIdentityCondition: CLCondition {
        /// Beacons of this UUID, whatever their major and minor values.
        public init(uuid: UUID) {
            self.uuid = uuid
            major = nil
            minor = nil
        }
        /// Beacons of this UUID and major value, whatever their minor value.
        public init(uuid: UUID, major: UInt16) {
            self.uuid = uuid
            self.major = major
            minor = nil
        }
        /// The beacons of this UUID, major and minor value.
        public init(uuid: UUID, major: UInt16, minor: UInt16) {
            self.uuid = uuid
            self.major = major
            self.minor = minor
        }
        /// The beacons' UUID.
        public let uuid: UUID
        /// Their major value, or `nil` for any.
        public let major: UInt16?
        /// Their minor value, or `nil` for any.
        public let minor: UInt16?

        /// Decodes a condition (Apple's encoding is not public, so the stand-in has none).
        public init(from decoder: any Decoder) throws {
            CLMonitor.standInNotRunnable("CLMonitor.BeaconIdentityCondition.init(from:)")
        }
        /// Encodes the condition (Apple's encoding is not public, so the stand-in has none).
        public func encode(to encoder: any Encoder) throws {
            CLMonitor.standInNotRunnable("CLMonitor.BeaconIdentityCondition.encode(to:)")
        }
    }

    // Not Apple's: the stand-in declares the monitor's interface only, so that the package's Core Location code
    // type-checks against it; nothing runs it yet.
    static func standInNotRunnable(_ declaration: String) -> Never {
        fatalError(
            "\(declaration) is a Core Location stand-in with no model behind it yet: the stand-in CLMonitor is "
                + "interface only, for scripts/check-apple.sh to type-check against; do not call it from a test"
        )
    }
}
