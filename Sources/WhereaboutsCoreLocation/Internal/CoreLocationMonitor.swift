// The live client's condition monitors, on the platforms of CoreLocationManager.swift. Core Location has `CLMonitor`
// on iOS 17, Mac Catalyst 17 and macOS 14 and not on watchOS, tvOS or visionOS (CLMonitor.h of the iOS 18.0 SDK); the
// package's deployment targets (iOS 17, macOS 14) already cover the versions, so only the platforms are switched on
// here (an `#available(iOS 17, macOS 14, *)` check would be a warning in Xcode: the deployment target guarantees it).
// STANDIN_WATCHOS and STANDIN_VISIONOS stand for os(watchOS) and os(visionOS) in scripts/check-apple.sh.
#if canImport(CoreLocation) && !(os(tvOS) || STANDIN_TVOS) && (canImport(UIKit) || canImport(AppKit) || os(watchOS) || STANDIN_WATCHOS)
import CoreLocation
import Foundation
import Whereabouts

/// Opens the live client's condition monitors: a `CLMonitor` behind each ``ConditionMonitor`` where Core Location has
/// one, and an error that says what to use instead where it has none.
enum CoreLocationMonitors {
    /// Opens the `CLMonitor` of a name as a ``ConditionMonitor``.
    ///
    /// Core Location ends the app when it is asked for a second monitor of a name that is open, and apps report the
    /// same for a name it does not accept; this refuses both first, with an error.
    ///
    /// - Parameter name: The monitor's name.
    /// - Returns: The monitor.
    /// - Throws: ``LocationError`` with ``LocationError/Code/conditionMonitoringUnavailable`` on watchOS and visionOS,
    ///   and with ``LocationError/Code/monitorNameUnavailable`` for an empty name or one that is open.
    static func open(_ name: String) async throws -> ConditionMonitor {
        #if os(watchOS) || STANDIN_WATCHOS
        throw LocationError.conditionMonitoringUnavailable(unavailable(on: "watchOS"))
        #elseif os(visionOS) || STANDIN_VISIONOS
        throw LocationError.conditionMonitoringUnavailable(unavailable(on: "visionOS"))
        #else
        guard !name.isEmpty else {
            throw LocationError.monitorNameUnavailable(
                name,
                reason: "a monitor needs a name (Core Location ends the app for one it does not accept); give it one "
                    + "that says what it watches, such as \"places\""
            )
        }
        guard await OpenMonitorNames.shared.claim(name) else {
            throw LocationError.monitorNameUnavailable(
                name,
                reason: "a monitor of this name is open (Core Location ends the app that opens a second one); close "
                    + "it first, or keep using the one that is open"
            )
        }
        return CoreLocationMonitor(name: name, monitor: await CLMonitor(name)).client
        #endif
    }

    /// Why a platform without `CLMonitor` has no condition monitors, and what to use there.
    ///
    /// - Parameter platform: The platform's name.
    /// - Returns: The reason, for the error.
    static func unavailable(on platform: String) -> String {
        "Core Location has no CLMonitor on \(platform) (only iOS 17, Mac Catalyst 17 and macOS 14 and later have it), "
            + "and no region monitoring either; use GeofenceMonitor, which evaluates the fixes the app receives "
            + "itself where the platform cannot monitor, or live updates while the app runs"
    }
}

/// The names of the monitors open in this process: Core Location allows one monitor of a name at a time.
actor OpenMonitorNames {
    /// The process's names.
    static let shared = OpenMonitorNames()

    private var names: Set<String> = []

    /// Takes a name for a monitor being opened.
    ///
    /// - Parameter name: The name.
    /// - Returns: Whether the name was free (and is now taken).
    func claim(_ name: String) -> Bool {
        names.insert(name).inserted
    }

    /// Frees the name of a monitor that was closed.
    ///
    /// - Parameter name: The name.
    func release(_ name: String) {
        names.remove(name)
    }
}

#if !(os(watchOS) || STANDIN_WATCHOS || os(visionOS) || STANDIN_VISIONOS)
/// One open `CLMonitor`, adapted to ``ConditionMonitor``: it converts the conditions both ways, feeds one stream at a
/// time from the monitor's events, and releases the monitor when closed.
actor CoreLocationMonitor {
    /// The monitor's name.
    let name: String
    /// The Core Location monitor, until the monitor is closed.
    private var monitor: CLMonitor?
    /// The stream the app reads now, if any, and its number.
    private var stream: (number: Int, continuation: AsyncStream<MonitorEvent>.Continuation)?
    private var streamsMade = 0
    /// Events that came while the app read no stream: the next stream starts with them.
    private var waiting: [MonitorEvent] = []
    /// Reads the monitor's events, from the first stream the app asks for until the monitor is closed.
    private var reader: Task<Void, Never>?

    /// Adapts an open monitor.
    ///
    /// - Parameters:
    ///   - name: Its name, claimed in ``OpenMonitorNames``.
    ///   - monitor: The Core Location monitor.
    init(name: String, monitor: CLMonitor) {
        self.name = name
        self.monitor = monitor
    }

    deinit {
        // Dropped without `close`: the Core Location monitor goes with it, so its name is free again.
        reader?.cancel()
        if monitor != nil {
            let name = name
            Task { await OpenMonitorNames.shared.release(name) }
        }
    }

    /// The monitor as the app sees it.
    nonisolated var client: ConditionMonitor {
        ConditionMonitor(
            name: name,
            identifiers: { await self.identifiers() },
            add: { condition, identifier, state in await self.add(condition, identifier: identifier, assuming: state) },
            remove: { identifier in await self.remove(identifier) },
            record: { identifier in await self.record(for: identifier) },
            events: { await self.events() },
            close: { await self.close() }
        )
    }

    private func identifiers() async -> [String] {
        guard let monitor else { return [] }
        return await monitor.identifiers
    }

    private func add(_ condition: MonitorCondition, identifier: String, assuming state: MonitorConditionState) async {
        guard let monitor else { return }
        await monitor.add(condition.coreLocation, identifier: identifier, assuming: state.coreLocation)
    }

    private func remove(_ identifier: String) async {
        await monitor?.remove(identifier)
    }

    private func record(for identifier: String) async -> MonitorRecord? {
        guard let record = await monitor?.record(for: identifier),
            let condition = MonitorCondition(coreLocation: record.condition)
        else { return nil }
        return MonitorRecord(condition: condition, lastEvent: MonitorEvent(coreLocation: record.lastEvent))
    }

    /// A new stream of the monitor's events, which finishes the one before; the first starts reading them.
    private func events() async -> AsyncStream<MonitorEvent> {
        let (events, continuation) = AsyncStream.makeStream(of: MonitorEvent.self)
        stream?.continuation.finish()
        guard let monitor else {
            continuation.finish()
            return events
        }
        streamsMade += 1
        let number = streamsMade
        stream = (number, continuation)
        continuation.onTermination = { [weak self] _ in Task { await self?.streamEnded(number) } }
        for event in waiting { continuation.yield(event) }
        waiting = []
        if reader == nil {
            let source = await monitor.events
            // Weakly held: a monitor the app drops without closing it goes, and its reader ends with it.
            reader = Task { [weak self] in
                do {
                    for try await event in source {
                        guard let self else { return }
                        await self.deliver(MonitorEvent(coreLocation: event))
                    }
                } catch {
                    // The sequence ends with an error only when Core Location ends the monitor; the stream just ends.
                }
            }
        }
        return events
    }

    /// Hands an event to the stream the app reads, or keeps it for the next one.
    private func deliver(_ event: MonitorEvent) {
        if let stream {
            stream.continuation.yield(event)
        } else {
            waiting.append(event)
        }
    }

    /// The app stopped reading a stream: events wait for the next one.
    private func streamEnded(_ number: Int) {
        if stream?.number == number { stream = nil }
    }

    /// Ends the stream, stops reading, and releases the Core Location monitor (its conditions stay monitored), so
    /// that the name can be opened again.
    private func close() async {
        guard monitor != nil else { return }
        reader?.cancel()
        reader = nil
        stream?.continuation.finish()
        stream = nil
        waiting = []
        monitor = nil
        await OpenMonitorNames.shared.release(name)
    }
}

extension MonitorCondition {
    /// The Core Location condition: `CLMonitor.CircularGeographicCondition` or `CLMonitor.BeaconIdentityCondition`
    /// (which has no minor value without a major one: such a condition matches the UUID alone).
    var coreLocation: any CLCondition {
        switch self {
        case .circularGeographic(let center, let radius):
            CLMonitor.CircularGeographicCondition(
                center: CLLocationCoordinate2D(latitude: center.latitude, longitude: center.longitude),
                radius: radius
            )
        case .beaconIdentity(let uuid, let major?, let minor?):
            CLMonitor.BeaconIdentityCondition(uuid: uuid, major: major, minor: minor)
        case .beaconIdentity(let uuid, let major?, nil):
            CLMonitor.BeaconIdentityCondition(uuid: uuid, major: major)
        case .beaconIdentity(let uuid, nil, _):
            CLMonitor.BeaconIdentityCondition(uuid: uuid)
        }
    }

    /// The condition of a Core Location one; `nil` for a kind the package does not know.
    ///
    /// - Parameter condition: Core Location's condition.
    init?(coreLocation condition: any CLCondition) {
        if let circle = condition as? CLMonitor.CircularGeographicCondition {
            self = .circularGeographic(
                center: Coordinate(latitude: circle.center.latitude, longitude: circle.center.longitude),
                radius: circle.radius
            )
        } else if let beacon = condition as? CLMonitor.BeaconIdentityCondition {
            self = .beaconIdentity(uuid: beacon.uuid, major: beacon.major, minor: beacon.minor)
        } else {
            return nil
        }
    }
}

extension MonitorConditionState {
    /// The state to assume in Core Location: an app cannot assume a condition unmonitored (the system says
    /// whether it monitors it), so that one is assumed unknown.
    var coreLocation: CLMonitor.Event.State {
        switch self {
        case .unknown, .unmonitored: .unknown
        case .satisfied: .satisfied
        case .unsatisfied: .unsatisfied
        }
    }

    /// The state of Core Location's: `.unmonitored` from iOS 17.2 and macOS 14.2, a state added later unknown.
    ///
    /// - Parameter state: Core Location's state.
    init(coreLocation state: CLMonitor.Event.State) {
        switch state {
        case .unknown: self = .unknown
        case .satisfied: self = .satisfied
        case .unsatisfied: self = .unsatisfied
        default:
            if #available(iOS 17.2, macOS 14.2, macCatalyst 17.2, *), state == .unmonitored {
                self = .unmonitored
            } else {
                self = .unknown
            }
        }
    }
}

extension MonitorEvent {
    /// The event of Core Location's, with its flags from iOS 18 and macOS 15 (none before: Core Location has none).
    ///
    /// - Parameter event: Core Location's event.
    init(coreLocation event: CLMonitor.Event) {
        self.init(
            identifier: event.identifier,
            state: MonitorConditionState(coreLocation: event.state),
            date: event.date,
            refinement: event.refinement.flatMap { MonitorCondition(coreLocation: $0) },
            flags: Self.flags(of: event)
        )
    }

    /// The flags an event of iOS 18 or macOS 15 carries.
    private static func flags(of event: CLMonitor.Event) -> Set<Flag> {
        guard #available(iOS 18, macOS 15, macCatalyst 18, *) else { return [] }
        let read: [(isSet: Bool, flag: Flag)] = [
            (event.authorizationDenied, .authorizationDenied),
            (event.authorizationDeniedGlobally, .authorizationDeniedGlobally),
            (event.authorizationRestricted, .authorizationRestricted),
            (event.insufficientlyInUse, .insufficientlyInUse),
            (event.accuracyLimited, .accuracyLimited),
            (event.conditionUnsupported, .conditionUnsupported),
            (event.conditionLimitExceeded, .conditionLimitExceeded),
            (event.persistenceUnavailable, .persistenceUnavailable),
            (event.serviceSessionRequired, .serviceSessionRequired),
            (event.authorizationRequestInProgress, .authorizationRequestInProgress),
        ]
        return Set(read.filter(\.isSet).map(\.flag))
    }
}
#endif
#endif
