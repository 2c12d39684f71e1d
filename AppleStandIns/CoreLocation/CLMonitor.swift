// Stand-in for Core Location's interface (see CLLocationCoordinate2D.swift).
public import Foundation
internal import Whereabouts

// Checked against CLMonitor.h and CLMonitoringEvent.h of the iOS 18.0 SDK (the class and the event: macOS 14, iOS 17,
// API_UNAVAILABLE(watchos, tvos), and visionos under TARGET_OS_VISION; each event flag macOS 15, iOS 18) and Apple's
// pages under documentation/corelocation/clmonitor-2r51v for the Swift overlay, which replaces the Objective-C class,
// its configuration (`CLMonitorConfiguration`, a name, a queue and an event handler) and `CLMonitoringRecord` with the
// actor and the nested types below. The nested types are declared inside the actor: an extension of it would name a
// type that the watchOS, tvOS and visionOS flavours mark unavailable.
//
// It runs: a monitor opens the simulated monitor of its name on `StandInDevice.current`'s OS (through the simulated
// client's `openMonitor`), forwards `add` and `remove` to it in order (StandInMonitorWork), answers `identifiers` and
// `record(for:)` at once from its own copy (StandInMonitorRecords), and reads its events through `events`. Opening a
// name the OS refuses (empty, or open) stops the process, as Core Location ends the app; releasing the monitor closes
// the OS's. What no source settles: whether `Events.Iterator.next()` throws (Apple's article iterates with
// `for try await`, which compiles against either) and whether `CLMonitor.Event` has a public initialiser (it is
// declared here with none).
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
        guard let device = StandInDevice.current else {
            fatalError("CLMonitor(\"\(name)\") was made with no StandInDevice.current: set one before making it")
        }
        // A monitor of this name the app released closes asynchronously: its close comes first.
        await StandInMonitorWork.settle()
        let monitor: ConditionMonitor
        do {
            monitor = try await LocationClient.simulated(os: device.os, source: device.source).openMonitor(name)
        } catch {
            fatalError("Core Location ends the app: CLMonitor(\"\(name)\") could not be opened (\(error))")
        }
        var initial: [(identifier: String, record: MonitorRecord)] = []
        for identifier in await monitor.identifiers() {
            if let record = await monitor.record(for: identifier) { initial.append((identifier, record)) }
        }
        let records = StandInMonitorRecords(initial)
        self.monitor = monitor
        self.records = records
        events = Events(monitor: monitor, records: records)
    }

    deinit {
        // Releasing a monitor closes it; its conditions stay with the OS for the next one of its name.
        let close = monitor.close
        _ = StandInMonitorWork.run(after: forwarded) { await close() }
    }

    // Not Apple's: the simulated monitor behind this one, what the app knows of it, and the last call forwarded to it.
    private let monitor: ConditionMonitor
    private let records: StandInMonitorRecords
    private var forwarded: Task<Void, Never>?

    /// The identifiers of the conditions this monitor holds.
    public var identifiers: [String] {
        records.identifiers
    }

    /// The monitor's events, as an asynchronous sequence.
    public final let events: Events

    /// Adds a condition under an identifier, in state `.unknown`.
    public func add(_ condition: any CLCondition, identifier: String) {
        add(condition, identifier: identifier, assuming: .unknown)
    }

    /// Adds a condition under an identifier, in the state the app assumes.
    public func add(_ condition: any CLCondition, identifier: String, assuming state: CLMonitor.Event.State) {
        let standIn = Self.standIn(condition)
        let assumed = Event.standIn(state)
        // What the app reads at once; the OS's own record (its date) replaces it once the OS has the condition.
        let event = MonitorEvent(identifier: identifier, state: assumed, date: Date())
        records.set(MonitorRecord(condition: standIn, lastEvent: event), for: identifier)
        let (monitor, records) = (monitor, records)
        forwarded = StandInMonitorWork.run(after: forwarded) {
            await monitor.add(standIn, identifier: identifier, assuming: assumed)
            if let record = await monitor.record(for: identifier) { records.refresh(record, for: identifier) }
        }
    }

    /// Removes the condition of this identifier, and its record.
    public func remove(_ identifier: String) {
        records.remove(identifier)
        let monitor = monitor
        forwarded = StandInMonitorWork.run(after: forwarded) { await monitor.remove(identifier) }
    }

    /// The condition of this identifier and the last event delivered for it, or `nil` for an identifier the monitor
    /// does not hold.
    public func record(for identifier: String) -> CLMonitor.Record? {
        records.record(for: identifier).map {
            Record(condition: Self.coreLocation($0.condition), lastEvent: Event(standIn: $0.lastEvent))
        }
    }

    /// `CLMonitor.Events`: the events of a monitor, as an asynchronous sequence.
    public struct Events: AsyncSequence, Sendable {
        /// `CLMonitor.Events.Iterator`.
        public struct Iterator: AsyncIteratorProtocol {
            // Not Apple's: the simulated monitor's stream, asked for on the first `next()` (one stream at a time: a
            // new iterator's ends the one before).
            let monitor: ConditionMonitor
            let records: StandInMonitorRecords
            var stream: AsyncStream<MonitorEvent>.Iterator?

            /// The next event.
            public mutating func next() async throws -> CLMonitor.Event? {
                if stream == nil { stream = await monitor.events().makeAsyncIterator() }
                guard let event = await stream?.next() else { return nil }
                records.handled(event)
                return CLMonitor.Event(standIn: event)
            }
        }

        // Not Apple's: the simulated monitor, and what the app knows of it.
        let monitor: ConditionMonitor
        let records: StandInMonitorRecords

        /// An iterator over the events.
        public func makeAsyncIterator() -> Iterator {
            Iterator(monitor: monitor, records: records)
        }
    }

    /// `CLMonitor.Event` (`CLMonitoringEvent`): a condition's state at a moment, and why events are held back.
    public struct Event: Sendable {
        /// `CLMonitor.Event.State`: `__CLMonitoringState`.
        public typealias State = __CLMonitoringState

        // Not Apple's: the simulated OS's event.
        let standIn: MonitorEvent

        /// An event of the simulated OS's.
        init(standIn event: MonitorEvent) {
            standIn = event
            refinement = event.refinement.map(CLMonitor.coreLocation)
        }

        /// The state of the simulated OS that stands for Core Location's.
        static func standIn(_ state: State) -> MonitorConditionState {
            switch state {
            case .unknown: .unknown
            case .satisfied: .satisfied
            case .unsatisfied: .unsatisfied
            case .unmonitored: .unmonitored
            }
        }

        /// The identifier the condition was added under.
        public var identifier: String {
            standIn.identifier
        }
        /// The most specific condition the event applies to (a beacon's major and minor under a wildcard), if any.
        public let refinement: (any CLCondition)?
        /// The condition's state at the time of the event.
        public var state: CLMonitor.Event.State {
            switch standIn.state {
            case .unknown: .unknown
            case .satisfied: .satisfied
            case .unsatisfied: .unsatisfied
            // By its raw value: the case is unavailable in the watchOS, visionOS and tvOS flavours, where this type
            // still compiles (and is never reached: the bridge opens no monitor there).
            case .unmonitored: State(rawValue: 3) ?? .unknown
            }
        }
        /// When the event happened.
        public var date: Date {
            standIn.date
        }

        /// Events are suspended: the person denied the app location authorization (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var authorizationDenied: Bool {
            standIn.authorizationDenied
        }
        /// Events are suspended: Location Services are off for the whole device (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var authorizationDeniedGlobally: Bool {
            standIn.authorizationDeniedGlobally
        }
        /// Events are suspended: the app lacks authorization and restrictions (parental controls, a profile) keep it
        /// from changing (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var authorizationRestricted: Bool {
            standIn.authorizationRestricted
        }
        /// Events are suspended: the app is not in use enough for its authorization (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var insufficientlyInUse: Bool {
            standIn.insufficientlyInUse
        }
        /// Events are not delivered: the app has approximate location only (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var accuracyLimited: Bool {
            standIn.accuracyLimited
        }
        /// Events are suspended for this condition: conditions of its type cannot be monitored (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var conditionUnsupported: Bool {
            standIn.conditionUnsupported
        }
        /// Events are suspended for this condition: the app monitors too many other conditions of its type (iOS 18,
        /// macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var conditionLimitExceeded: Bool {
            standIn.conditionLimitExceeded
        }
        /// Monitoring failed to persist: conditions and events may not have been stored (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var persistenceUnavailable: Bool {
            standIn.persistenceUnavailable
        }
        /// Location Services are off for the app: it requires explicit service sessions and holds none that asks for
        /// authorization (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var serviceSessionRequired: Bool {
            standIn.serviceSessionRequired
        }
        /// The system is asking the person for authorization for the app, and has no answer yet (iOS 18, macOS 15).
        @available(iOS 18, macOS 15, macCatalyst 18, *)
        public var authorizationRequestInProgress: Bool {
            standIn.authorizationRequestInProgress
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
            CLMonitor.standInHasNoEncoding("CLMonitor.CircularGeographicCondition.init(from:)")
        }
        /// Encodes the condition (Apple's encoding is not public, so the stand-in has none).
        public func encode(to encoder: any Encoder) throws {
            CLMonitor.standInHasNoEncoding("CLMonitor.CircularGeographicCondition.encode(to:)")
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
            CLMonitor.standInHasNoEncoding("CLMonitor.BeaconIdentityCondition.init(from:)")
        }
        /// Encodes the condition (Apple's encoding is not public, so the stand-in has none).
        public func encode(to encoder: any Encoder) throws {
            CLMonitor.standInHasNoEncoding("CLMonitor.BeaconIdentityCondition.encode(to:)")
        }
    }

    // Not Apple's: the conditions of the simulated OS that stand for Core Location's, and back. Core Location
    // monitors only its own conditions; Apple asks apps not to write conditions of their own.
    static func standIn(_ condition: any CLCondition) -> MonitorCondition {
        if let circle = condition as? CircularGeographicCondition {
            return .circularGeographic(
                center: Coordinate(latitude: circle.center.latitude, longitude: circle.center.longitude),
                radius: circle.radius
            )
        }
        guard let beacon = condition as? BeaconIdentityCondition else {
            fatalError("CLMonitor monitors Core Location's own conditions, not a \(type(of: condition))")
        }
        return .beaconIdentity(uuid: beacon.uuid, major: beacon.major, minor: beacon.minor)
    }

    static func coreLocation(_ condition: MonitorCondition) -> any CLCondition {
        switch condition {
        case .circularGeographic(let center, let radius):
            CircularGeographicCondition(
                center: CLLocationCoordinate2D(latitude: center.latitude, longitude: center.longitude),
                radius: radius
            )
        case .beaconIdentity(let uuid, let major?, let minor?):
            BeaconIdentityCondition(uuid: uuid, major: major, minor: minor)
        case .beaconIdentity(let uuid, let major?, nil): BeaconIdentityCondition(uuid: uuid, major: major)
        case .beaconIdentity(let uuid, nil, _): BeaconIdentityCondition(uuid: uuid)
        }
    }

    // Not Apple's: Apple's encoding of conditions is not public, so the stand-in has none.
    static func standInHasNoEncoding(_ declaration: String) -> Never {
        fatalError("\(declaration): Core Location's encoding of conditions is not public, so the stand-in has none")
    }
}
