import Foundation
import Testing

@testable import Whereabouts

/// A system that monitors the planner's conditions: it runs the planner's actions, checks them (never over the
/// budget, never adding a held identifier or removing one it does not hold), and reports each condition's state
/// when a fix changes it.
struct FakeConditionMonitor: Sendable {
    /// How many conditions the app may hold.
    let budget: Int
    /// How many times each event is delivered (more than once as some devices do).
    var copies = 1
    /// Whether each evaluation also re-delivers the unchanged state of every condition, as a monitor opening does.
    var reemitsUnchangedStates = false

    private(set) var conditions: [String: (condition: GeofencePlanner.Condition, state: GeofenceBelief.State)] = [:]
    /// The most conditions held at any instant.
    private(set) var mostHeld = 0
    /// Every identifier added, in order.
    private(set) var added: [String] = []
    /// Every identifier removed, in order.
    private(set) var removed: [String] = []

    init(budget: Int) {
        self.budget = budget
    }

    /// Runs actions; returns the events emitted and whether a fix was asked for.
    mutating func run(_ actions: [GeofencePlanner.Action]) -> (events: [GeofenceEvent], requestsFix: Bool) {
        var events: [GeofenceEvent] = []
        var requestsFix = false
        for action in actions {
            switch action {
            case .add(let condition, let assumed):
                #expect(conditions[condition.identifier] == nil, "\(condition.identifier) was added twice")
                conditions[condition.identifier] = (condition, assumed)
                added.append(condition.identifier)
            case .remove(let identifier):
                #expect(conditions[identifier] != nil, "\(identifier) was removed but not held")
                conditions[identifier] = nil
                removed.append(identifier)
            case .requestFix:
                requestsFix = true
            case .emit(let event):
                events.append(event)
            }
            mostHeld = max(mostHeld, conditions.count)
            #expect(conditions.count <= budget, "\(conditions.count) conditions held, over the budget of \(budget)")
        }
        return (events, requestsFix)
    }

    /// Evaluates every condition at a fix; returns the events of those whose state it changed (and, with the
    /// quirks, copies and re-emissions).
    mutating func evaluate(at fix: Location) -> [GeofencePlanner.Input] {
        var inputs: [GeofencePlanner.Input] = []
        for identifier in conditions.keys.sorted() {
            guard let held = conditions[identifier] else { continue }
            let inside = held.condition.center.distance(to: fix.coordinate) <= held.condition.radius
            let state: GeofenceBelief.State = inside ? .inside : .outside
            guard state != held.state || reemitsUnchangedStates else { continue }
            conditions[identifier]?.state = state
            let input = GeofencePlanner.Input.monitorEvent(identifier: identifier, state: state, date: fix.timestamp)
            inputs += Array(repeating: input, count: copies)
        }
        return inputs
    }
}
