package import Foundation

/// Decides which of any number of geofences the system monitors, and infers the crossings of the others: a pure
/// state machine, fed inputs, returning the actions to run.
///
/// The system monitors a few conditions per app (``LocationPolicy/maximumMonitoredRegions``). The planner keeps
/// the fences with the nearest boundaries in all the conditions it is given but one, and puts a wake ring around
/// the device in that one (see ``GeofencePlan``). When the ring is left, or another wake comes, it asks for a
/// fresh fix and re-plans: it compares what it believes of every fence that was not monitored with where the fix
/// shows the person, reports each difference as a crossing with ``GeofenceEvent/Detection/inferred``, and applies
/// the new plan by difference, removals first, so the conditions held never exceed the budget and a fence that
/// stays monitored is never removed and added again. Events of monitored fences go through ``GeofenceBelief``, so
/// a copy or a re-emission of a state emits nothing.
///
/// What it can miss: a fence not monitored that the person enters and leaves between two plans, and, where more
/// fences crowd around the device than the budget holds, crossings of those counted in ``GeofencePlan/atRisk``.
///
/// ```swift
/// var planner = GeofencePlanner(fences: fences, budget: 20)
/// for action in planner.handle(.fix(fix)) {
///     switch action {
///     case .add(let condition, let assumed): await monitor.add(condition, assuming: assumed)
///     case .remove(let identifier): await monitor.remove(identifier)
///     case .requestFix: requestLocation()
///     case .emit(let event): continuation.yield(event)
///     }
/// }
/// ```
package struct GeofencePlanner: Sendable {
    /// A circular condition for the system to monitor: a fence, or the wake ring.
    package struct Condition: Hashable, Sendable {
        /// The condition's identifier: ``GeofencePlanner/identifier(ofFence:)`` for a fence, `wake:<n>` for a ring.
        package var identifier: String
        /// The circle's centre.
        package var center: Coordinate
        /// The circle's radius in metres.
        package var radius: Double

        /// Creates a condition.
        ///
        /// - Parameters:
        ///   - identifier: The condition's identifier.
        ///   - center: The circle's centre.
        ///   - radius: The radius in metres.
        package init(identifier: String, center: Coordinate, radius: Double) {
            self.identifier = identifier
            self.center = center
            self.radius = radius
        }
    }

    /// What happened: the planner's input.
    package enum Input: Hashable, Sendable {
        /// A fix arrived (a requested one, or any delivered fix).
        case fix(Location)
        /// A requested fix did not come in time; `at` is now.
        case fixUnavailable(at: Date)
        /// The system reported the state of a condition the planner added.
        case monitorEvent(identifier: String, state: GeofenceBelief.State, date: Date)
        /// The app replaced its fence set; `at` is now.
        case fencesChanged([Geofence], at: Date)
        /// Where the system monitors nothing for the app (no condition monitoring on the platform, or reduced
        /// accuracy): a fix the app received, on which every fence is evaluated by the app itself. A fence the fix's
        /// uncertainty straddles is left as it was.
        case evaluate(Location, detection: GeofenceEvent.Detection)
        /// A wake source other than the ring (a significant change, a visit, the app coming to the foreground).
        case woke
    }

    /// What to do: the planner's output, run in order.
    package enum Action: Hashable, Sendable {
        /// Add a condition with the state it should assume.
        case add(Condition, assuming: GeofenceBelief.State)
        /// Remove the condition with this identifier.
        case remove(identifier: String)
        /// Ask for a fresh fix; answer with ``Input/fix(_:)`` or ``Input/fixUnavailable(at:)``.
        case requestFix
        /// Tell the app of a crossing.
        case emit(GeofenceEvent)
    }

    /// How the planner trades conditions, lag and wakes.
    package let options: GeofenceOptions
    /// How many conditions the planner may hold at once, fences and ring together.
    package let budget: Int
    /// The app's fences, sorted by id (so ties rank by id).
    package internal(set) var fences: [Geofence] = []
    /// What the planner believes of each fence.
    package internal(set) var belief = GeofenceBelief()
    /// The latest plan, `nil` until the first fix.
    package internal(set) var plan: GeofencePlan?
    /// The latest fix taken.
    package internal(set) var lastFix: Location?
    /// Whether a fresh fix was asked for and has not come.
    package internal(set) var awaitingFix = false

    var held: [String: Geofence] = [:]
    var fencesByID: [String: Geofence] = [:]
    var ring: GeofencePlan.WakeRing?
    var addedAt: [String: Date] = [:]
    var suspects: Set<String> = []
    var orphans: [String] = []
    var ringCount = 0

    /// The identifiers of every condition the planner holds now: fences, the ring, and adopted conditions it has
    /// not yet removed.
    package var heldIdentifiers: Set<String> {
        var identifiers = Set(held.keys.map(Self.identifier(ofFence:)))
        identifiers.formUnion(orphans)
        if let ring { identifiers.insert(ring.identifier) }
        return identifiers
    }

    /// Creates a planner, adopting the conditions a previous run of the app left with the system.
    ///
    /// An adopted fence whose circle is unchanged stays monitored without being added again; the adopted wake ring
    /// stays until the first plan; any other adopted condition is removed at the first plan.
    ///
    /// - Parameters:
    ///   - fences: The app's fences; of two with one id, the later wins.
    ///   - options: How to trade conditions, lag and wakes.
    ///   - budget: How many conditions the planner may hold, ring included.
    ///   - adopting: The conditions the system holds for the planner from an earlier run.
    package init(
        fences: [Geofence],
        options: GeofenceOptions = GeofenceOptions(),
        budget: Int,
        adopting: [Condition] = []
    ) {
        self.options = options
        self.budget = budget
        self.fences = Self.sorted(fences)
        fencesByID = Dictionary(uniqueKeysWithValues: self.fences.map { ($0.id, $0) })
        for condition in adopting {
            let number = Self.ringNumber(of: condition.identifier)
            ringCount = max(ringCount, number ?? 0)
            if let id = Self.fenceID(of: condition.identifier), let fence = fencesByID[id],
                fence.center == condition.center, fence.radius == condition.radius, held[id] == nil
            {
                held[id] = fence
            } else if number != nil, ring == nil {
                ring = GeofencePlan.WakeRing(
                    identifier: condition.identifier,
                    center: condition.center,
                    radius: condition.radius
                )
            } else {
                orphans.append(condition.identifier)
            }
        }
    }

    /// Takes one input and returns what to do, in order.
    ///
    /// - Parameter input: What happened.
    /// - Returns: The actions to run, removals before additions.
    package mutating func handle(_ input: Input) -> [Action] {
        switch input {
        case .fix(let fix):
            if let lastFix, fix.timestamp < lastFix.timestamp { return [] }
            lastFix = fix
            guard awaitingFix || plan == nil || !isInsideRing(fix.coordinate) else {
                return []
            }
            return replan(at: fix)
        case .fixUnavailable(let now):
            guard awaitingFix else { return [] }
            awaitingFix = false
            guard let lastFix, now.timeIntervalSince(lastFix.timestamp) <= (options.maximumFixAge / .seconds(1)) else {
                return []
            }
            return replan(at: lastFix)
        case .monitorEvent(let identifier, let state, let date):
            return monitorEvent(identifier, state: state, date: date)
        case .fencesChanged(let newFences, let now):
            return fencesChanged(newFences, at: now)
        case .woke:
            return wake()
        case .evaluate(let fix, let detection):
            return evaluate(fix, detection: detection)
        }
    }

    /// The identifier of a fence's condition.
    ///
    /// - Parameter fenceID: The fence's ``Geofence/id``.
    /// - Returns: `fence:` followed by the id.
    package static func identifier(ofFence fenceID: String) -> String {
        "fence:" + fenceID
    }

    private mutating func wake() -> [Action] {
        guard !awaitingFix else { return [] }
        awaitingFix = true
        return [.requestFix]
    }

    private mutating func monitorEvent(_ identifier: String, state: GeofenceBelief.State, date: Date) -> [Action] {
        if let ring, identifier == ring.identifier {
            return state == .outside ? wake() : []
        }
        guard let id = Self.fenceID(of: identifier), let fence = fencesByID[id] else {
            return []
        }
        if isReplayContradicted(fence, state: state, date: date) {
            suspects.insert(id)
            return wake()
        }
        guard let event = belief.record(state, of: fence, at: date, detection: .monitored) else { return [] }
        return [.emit(event)]
    }

    /// Whether a system event shortly after the fence was added says the opposite of a sure fix taken since: the
    /// replay of a belief from an earlier run, not a crossing.
    private func isReplayContradicted(_ fence: Geofence, state: GeofenceBelief.State, date: Date) -> Bool {
        guard state != .unknown, let added = addedAt[fence.id], let lastFix, lastFix.timestamp >= added,
            date.timeIntervalSince(added) <= (options.addReplayWindow / .seconds(1))
        else { return false }
        let distance = fence.center.distance(to: lastFix.coordinate)
        guard abs(distance - fence.radius) > lastFix.horizontalAccuracy else { return false }
        return (distance <= fence.radius ? GeofenceBelief.State.inside : .outside) != state
    }

    private mutating func evaluate(_ fix: Location, detection: GeofenceEvent.Detection) -> [Action] {
        let cosine = cos(fix.coordinate.latitude * .pi / 180)
        var actions: [Action] = []
        for fence in fences {
            let distance = fix.coordinate.distance(to: fence.center, cosineOfLatitude: cosine)
            guard abs(distance - fence.radius) > fix.horizontalAccuracy else { continue }
            let state: GeofenceBelief.State = distance <= fence.radius ? .inside : .outside
            if let event = belief.record(state, of: fence, at: fix.timestamp, detection: detection) {
                actions.append(.emit(event))
            }
        }
        return actions
    }

    private mutating func fencesChanged(_ newFences: [Geofence], at now: Date) -> [Action] {
        let sortedFences = Self.sorted(newFences)
        let byID = Dictionary(sortedFences.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        var actions: [Action] = []
        for fence in fences where byID[fence.id] != fence {
            belief.forget(fence.id)
            suspects.remove(fence.id)
            if held.removeValue(forKey: fence.id) != nil {
                addedAt[fence.id] = nil
                actions.append(.remove(identifier: Self.identifier(ofFence: fence.id)))
            }
        }
        fences = sortedFences
        fencesByID = byID
        if let lastFix, now.timeIntervalSince(lastFix.timestamp) <= (options.maximumFixAge / .seconds(1)) {
            return actions + replan(at: lastFix)
        }
        return actions + wake()
    }

    private func isInsideRing(_ coordinate: Coordinate) -> Bool {
        guard let ring else { return false }
        return ring.center.distance(to: coordinate) <= ring.radius
    }

    private static func sorted(_ fences: [Geofence]) -> [Geofence] {
        let byID = Dictionary(fences.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        return byID.values.sorted { $0.id < $1.id }
    }

    static func fenceID(of identifier: String) -> String? {
        identifier.hasPrefix("fence:") ? String(identifier.dropFirst("fence:".count)) : nil
    }

    static func ringNumber(of identifier: String) -> Int? {
        identifier.hasPrefix("wake:") ? Int(identifier.dropFirst("wake:".count)) : nil
    }
}
