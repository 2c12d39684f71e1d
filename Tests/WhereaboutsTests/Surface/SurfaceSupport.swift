import Foundation

@testable import Whereabouts

/// A fix `metres` north of Paris (48.8584, 2.2945), `seconds` after the test epoch.
func fix(north metres: Double, at seconds: Double, accuracy: Double = 5) -> Location {
    fix(48.8584 + metres / 111_195, 2.2945, at: seconds, accuracy: accuracy)
}

extension AsyncStream<LocationEvent>.Iterator {
    /// The next event that is not an authorization change.
    mutating func nextService() async -> LocationEvent? {
        while let event = await next() {
            if case .didChangeAuthorization = event { continue }
            return event
        }
        return nil
    }

    /// The location of the next `.didUpdateLocations`, skipping authorization changes; `nil` for another event.
    mutating func nextLocation() async -> Location? {
        guard case .didUpdateLocations(let locations) = await nextService() else { return nil }
        return locations.last
    }

    /// The next `count` locations, however Core Location groups them into `.didUpdateLocations` events (one fix
    /// each, or several in one callback), skipping authorization changes; fewer when another event comes first.
    mutating func nextLocations(_ count: Int) async -> [Location] {
        var locations: [Location] = []
        while locations.count < count, case .didUpdateLocations(let batch) = await nextService() {
            locations += batch
        }
        return locations
    }
}

extension SimulatedOS {
    /// Feeds raw fixes, in order, and returns how many the app received from them.
    func feed(_ fixes: [Location]) async -> Int {
        let before = deliveredCount
        for raw in fixes { ingest(.location(raw)) }
        return deliveredCount - before
    }
}
