import Foundation

extension GeofencePlanner {
    /// The fences ranked nearest a position, and the wake ring they leave room for.
    struct Ranking {
        /// Indices into ``GeofencePlanner/fences`` of the fences to monitor, nearest boundary first.
        var chosen: [Int]
        /// The ring's radius in metres, or `nil` when the budget has no room for a ring.
        var ringRadius: Double?
        /// The fences not chosen whose boundary lies within the ring plus its margin.
        var atRisk: Int
    }

    /// The number of fences a plan may monitor: the budget less the ring, capped by the options.
    var fenceSlots: Int {
        max(0, min(budget - 1, options.maximumFenceSlots ?? Int.max))
    }

    /// Ranks the fences by the distance from a position to their boundary (ties by id), keeps the nearest
    /// ``fenceSlots``, and sizes the wake ring to stay ``GeofenceOptions/ringMargin`` inside the nearest boundary
    /// left out, within the options' bounds.
    ///
    /// - Parameter boundaryDistances: Each fence's boundary distance from the position, in the order of `fences`.
    /// - Returns: The ranking.
    func rank(boundaryDistances: [Double]) -> Ranking {
        let slots = fenceSlots
        let nearest = Self.nearest(slots + 1, of: boundaryDistances)
        let chosen = Array(nearest.prefix(slots))
        guard budget >= 1 else {
            return Ranking(chosen: [], ringRadius: nil, atRisk: boundaryDistances.count)
        }
        guard nearest.count > slots else {
            return Ranking(chosen: chosen, ringRadius: options.wakeRingMaximumRadius, atRisk: 0)
        }
        let nextBoundary = boundaryDistances[nearest[slots]]
        let radius = min(
            max(nextBoundary - options.ringMargin, options.wakeRingMinimumRadius),
            options.wakeRingMaximumRadius
        )
        let monitored = Set(chosen)
        var atRisk = 0
        for (index, distance) in boundaryDistances.enumerated()
        where distance < radius + options.ringMargin && !monitored.contains(index) {
            atRisk += 1
        }
        return Ranking(chosen: chosen, ringRadius: radius, atRisk: atRisk)
    }

    /// Re-plans at a fix: infers the crossings of every fence the system did not watch, ranks the fences, and
    /// returns the events, then the removals, then the additions.
    mutating func replan(at fix: Location) -> [Action] {
        awaitingFix = false
        let here = fix.coordinate
        let cosine = cos(here.latitude * .pi / 180)
        let distances = fences.map { here.distance(to: $0.center, cosineOfLatitude: cosine) }
        let ranking = rank(boundaryDistances: zip(fences, distances).map { abs($1 - $0.radius) })
        let chosen = ranking.chosen.map { fences[$0] }
        let kept = Set(chosen.filter { held[$0.id] == $0 }.map(\.id))

        var actions: [Action] = []
        for (fence, distance) in zip(fences, distances)
        where !kept.contains(fence.id) || suspects.contains(fence.id) || belief.state(of: fence.id) == .unknown {
            let state: GeofenceBelief.State = distance <= fence.radius ? .inside : .outside
            if let event = belief.record(state, of: fence, at: fix.timestamp, detection: .inferred) {
                actions.append(.emit(event))
            }
        }

        actions += orphans.map { .remove(identifier: $0) }
        orphans = []
        for id in held.keys.sorted() where !kept.contains(id) {
            actions.append(.remove(identifier: Self.identifier(ofFence: id)))
            held[id] = nil
            addedAt[id] = nil
        }
        var newRing: GeofencePlan.WakeRing?
        if let radius = ranking.ringRadius {
            if let ring, ring.center == here, ring.radius == radius {
                newRing = ring
            } else {
                ringCount += 1
                newRing = GeofencePlan.WakeRing(identifier: "wake:\(ringCount)", center: here, radius: radius)
            }
        }
        if let ring, ring != newRing {
            actions.append(.remove(identifier: ring.identifier))
        }
        for (index, fence) in zip(ranking.chosen, chosen) where !kept.contains(fence.id) {
            let distance = distances[index]
            let assumed: GeofenceBelief.State =
                abs(distance - fence.radius) <= fix.horizontalAccuracy
                ? .unknown : distance <= fence.radius ? .inside : .outside
            let condition = Condition(
                identifier: Self.identifier(ofFence: fence.id),
                center: fence.center,
                radius: fence.radius
            )
            actions.append(.add(condition, assuming: assumed))
            held[fence.id] = fence
            addedAt[fence.id] = fix.timestamp
        }
        if let newRing, newRing != ring {
            let condition = Condition(identifier: newRing.identifier, center: newRing.center, radius: newRing.radius)
            actions.append(.add(condition, assuming: .inside))
        }
        ring = newRing
        suspects = []
        plan = GeofencePlan(
            fenceIDs: chosen.map(\.id),
            ring: newRing,
            atRisk: ranking.atRisk,
            date: fix.timestamp
        )
        return actions
    }

    /// The indices of the `count` smallest values, smallest first, ties by index.
    static func nearest(_ count: Int, of values: [Double]) -> [Int] {
        guard count > 0 else { return [] }
        if count > 64 {
            return Array(values.indices.sorted { (values[$0], $0) < (values[$1], $1) }.prefix(count))
        }
        var best: [Int] = []
        best.reserveCapacity(count + 1)
        for index in values.indices {
            let value = values[index]
            if best.count == count, let last = best.last, values[last] <= value { continue }
            var position = best.count
            while position > 0, values[best[position - 1]] > value { position -= 1 }
            best.insert(index, at: position)
            if best.count > count { best.removeLast() }
        }
        return best
    }
}
