import Foundation

@testable import Whereabouts

/// A planner over a ``FakeConditionMonitor``, driven fix by fix as an app in the background is: the system
/// evaluates its conditions at each fix, and the app gets a fix only when the planner asks for one.
struct GeofenceRun: Sendable {
    var planner: GeofencePlanner
    var monitor: FakeConditionMonitor
    /// Every event the planner emitted, in order.
    private(set) var events: [GeofenceEvent] = []
    /// Every plan the planner made, in order.
    private(set) var plans: [GeofencePlan] = []

    init(fences: [Geofence], budget: Int, options: GeofenceOptions = GeofenceOptions()) {
        planner = GeofencePlanner(fences: fences, options: options, budget: budget)
        monitor = FakeConditionMonitor(budget: budget)
    }

    /// The person is at `fix`: the first fix plans; then the system reports what the fix changed.
    mutating func step(_ fix: Location) {
        if planner.plan == nil { feed(.fix(fix), answering: fix) }
        for input in monitor.evaluate(at: fix) { feed(input, answering: fix) }
    }

    /// Wakes the planner at `fix`, as a significant change or a visit does.
    mutating func wake(at fix: Location) {
        feed(.woke, answering: fix)
    }

    private mutating func feed(_ input: GeofencePlanner.Input, answering fix: Location) {
        let before = planner.plan
        let outcome = monitor.run(planner.handle(input))
        events += outcome.events
        if let plan = planner.plan, plan != before { plans.append(plan) }
        if outcome.requestsFix { feed(.fix(fix), answering: fix) }
    }

    /// The crossings a fix-by-fix evaluation of every fence finds: a change of state between two fixes, dated at
    /// the second, the first fix setting the initial states.
    static func crossings(of fences: [Geofence], along fixes: [Location]) -> Set<String> {
        var crossings: Set<String> = []
        for fence in fences {
            var inside: Bool?
            for fix in fixes {
                let now = fence.contains(fix.coordinate)
                if let inside, inside != now {
                    crossings.insert(describe(fence.id, now ? .entered : .exited, fix.timestamp))
                }
                inside = now
            }
        }
        return crossings
    }

    /// An event as the fence, the direction and the date, without how it was found.
    static func describe(_ event: GeofenceEvent) -> String {
        describe(event.fenceID, event.transition, event.date)
    }

    private static func describe(_ id: String, _ transition: GeofenceEvent.Transition, _ date: Date) -> String {
        "\(id) \(transition) \(date.timeIntervalSince1970)"
    }
}
