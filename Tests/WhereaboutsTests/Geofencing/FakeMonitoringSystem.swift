import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// A system for ``GeofenceMonitor``'s tests: a device at a position the test moves, one condition monitor that keeps
/// its conditions across monitors opened on it (as across launches), and a client whose `requestLocation` answers
/// with the position. It checks what the monitor does: never over the budget, never adding a held identifier.
actor FakeMonitoringSystem {
    struct Held {
        var condition: MonitorCondition
        var state: MonitorConditionState
    }

    let budget: Int
    /// How many times each state change is delivered (more than once, as some devices do).
    let copies: Int
    private(set) var position: Location
    private(set) var authorization: Authorization
    private(set) var held: [(identifier: String, held: Held)] = []
    private(set) var mostHeld = 0
    private(set) var added: [String] = []
    private(set) var removed: [String] = []
    private(set) var eventsYielded = 0
    private(set) var fixesAsked = 0
    private(set) var fixesDelivered = 0
    private var monitorContinuation: AsyncStream<MonitorEvent>.Continuation?
    private var waiting: [MonitorEvent] = []
    private var clientEventContinuations: [AsyncStream<LocationEvent>.Continuation] = []
    private var authorizationContinuations: [AsyncStream<Authorization>.Continuation] = []
    private var isOpen = false
    /// Whether the platform has condition monitors.
    let hasMonitors: Bool

    init(
        at position: Location,
        authorization: Authorization = Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy),
        budget: Int = 20,
        copies: Int = 1,
        hasMonitors: Bool = true
    ) {
        self.position = position
        self.authorization = authorization
        self.budget = budget
        self.copies = copies
        self.hasMonitors = hasMonitors
    }

    /// Moves the device: every condition whose state the position changes reports it (in `copies` copies), and the
    /// position is delivered to the app as a fix.
    func move(to location: Location) {
        position = location
        for index in held.indices {
            guard let inside = held[index].held.condition.isSatisfied(at: location.coordinate) else { continue }
            let state: MonitorConditionState = inside ? .satisfied : .unsatisfied
            guard held[index].held.state != state else { continue }
            held[index].held.state = state
            for _ in 0..<copies {
                yield(MonitorEvent(identifier: held[index].identifier, state: state, date: location.timestamp))
            }
        }
    }

    /// Delivers a fix to the app's `events` (as live updates or a significant change would).
    func deliver(_ location: Location) {
        position = location
        fixesDelivered += clientEventContinuations.count
        for continuation in clientEventContinuations { continuation.yield(.didUpdateLocations([location])) }
    }

    /// Changes the authorization, as the person in Settings.
    func authorize(_ authorization: Authorization) {
        self.authorization = authorization
        for continuation in authorizationContinuations { continuation.yield(authorization) }
    }

    var heldIdentifiers: [String] { held.map(\.identifier) }

    /// Whether the app runs location updates on this client.
    private(set) var updating = false

    private func setUpdating(_ on: Bool) { updating = on }

    private func yield(_ event: MonitorEvent) {
        eventsYielded += 1
        if let monitorContinuation { monitorContinuation.yield(event) } else { waiting.append(event) }
    }

    private func add(_ condition: MonitorCondition, _ identifier: String, _ assumed: MonitorConditionState) {
        #expect(!held.contains { $0.identifier == identifier }, "\(identifier) was added while held")
        held.removeAll { $0.identifier == identifier }
        held.append((identifier, Held(condition: condition, state: assumed)))
        added.append(identifier)
        mostHeld = max(mostHeld, held.count)
        #expect(held.count <= budget, "\(held.count) conditions held, over the budget of \(budget)")
        // The system learns the state at once from its own fix.
        if let inside = condition.isSatisfied(at: position.coordinate) {
            let state: MonitorConditionState = inside ? .satisfied : .unsatisfied
            if state != assumed {
                held[held.count - 1].held.state = state
                yield(MonitorEvent(identifier: identifier, state: state, date: position.timestamp))
            }
        }
    }

    private func remove(_ identifier: String) {
        #expect(held.contains { $0.identifier == identifier }, "\(identifier) was removed but not held")
        held.removeAll { $0.identifier == identifier }
        removed.append(identifier)
    }

    private func record(_ identifier: String) -> MonitorRecord? {
        guard let entry = held.first(where: { $0.identifier == identifier }) else { return nil }
        return MonitorRecord(
            condition: entry.held.condition,
            lastEvent: MonitorEvent(identifier: identifier, state: entry.held.state, date: position.timestamp)
        )
    }

    private func open(_ name: String) throws -> ConditionMonitor {
        guard hasMonitors else { throw LocationError.conditionMonitoringUnavailable("this platform has none") }
        guard !isOpen else { throw LocationError.monitorNameUnavailable(name, reason: "already open") }
        isOpen = true
        return ConditionMonitor(
            name: name,
            identifiers: { await self.heldIdentifiers },
            add: { condition, identifier, assumed in await self.add(condition, identifier, assumed) },
            remove: { identifier in await self.remove(identifier) },
            record: { identifier in await self.record(identifier) },
            events: { await self.openEvents() },
            close: { await self.close() }
        )
    }

    private func openEvents() -> AsyncStream<MonitorEvent> {
        monitorContinuation?.finish()
        let (stream, continuation) = AsyncStream.makeStream(of: MonitorEvent.self)
        monitorContinuation = continuation
        for event in waiting { continuation.yield(event) }
        waiting.removeAll()
        return stream
    }

    private func close() {
        monitorContinuation?.finish()
        monitorContinuation = nil
        isOpen = false
    }

    private func clientEvents() -> AsyncStream<LocationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LocationEvent.self)
        clientEventContinuations.append(continuation)
        return stream
    }

    private func authorizationUpdates() -> AsyncStream<Authorization> {
        let (stream, continuation) = AsyncStream.makeStream(of: Authorization.self)
        continuation.yield(authorization)
        authorizationContinuations.append(continuation)
        return stream
    }

    private func requestLocation() -> Location {
        fixesAsked += 1
        return position
    }

    /// The client a ``GeofenceMonitor`` uses: every endpoint it should not call fails the test.
    nonisolated func client() -> LocationClient {
        var client = LocationClient.unimplemented()
        client.authorization = { await self.authorization }
        client.authorizationUpdates = { await self.authorizationUpdates() }
        client.events = { await self.clientEvents() }
        client.monitoredRegions = { [] }
        client.requestLocation = { await self.requestLocation() }
        client.openMonitor = { name in try await self.open(name) }
        client.significantLocationChangeMonitoringAvailable = { true }
        client.startMonitoringSignificantLocationChanges = {}
        client.stopMonitoringSignificantLocationChanges = {}
        client.startUpdatingLocation = { await self.setUpdating(true) }
        client.stopUpdatingLocation = { await self.setUpdating(false) }
        client.startMonitoringVisits = {}
        client.stopMonitoringVisits = {}
        return client
    }
}
