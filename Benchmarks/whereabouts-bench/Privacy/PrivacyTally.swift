import Foundation
import Whereabouts

/// A coarse fix as the app got it, with where the person truly was at that moment.
struct Delivery {
    var coarse: Location
    var truth: Coordinate
}

/// Everything the harness records about one algorithm: what it delivered and what leaked.
struct PrivacyTally {
    /// Distances in metres of every coarse fix from the truth.
    var distances: [Double] = []
    /// Coarse fixes carrying speed, course, altitude or vertical accuracy.
    var fieldLeaks = 0
    /// Coarse fixes claiming a horizontal accuracy under the granted one.
    var accuracyLeaks = 0
    /// Coarse fixes closer to the truth than the algorithm promises.
    var distanceLeaks = 0
    /// Coarse fixes within 1 km of the truth, promised or not.
    var withinOneKilometre = 0
    /// Coarse fixes whose accuracy circle holds the truth.
    var withinAccuracy = 0
    /// Averaging attack cases: every coarse point of a person standing still, and the truth.
    var averaging: [([Coordinate], Coordinate)] = []
    /// Boundary attack cases: every change of the coarse fix on a commute, and the truth at that moment.
    var boundary: [(PrivacyAttack.Change, Coordinate)] = []
    /// Home/work attack cases: a commuter's coarse fixes at night and in working hours, with home and work.
    var homeWork: [PrivacyAttack.Commute] = []
    /// The most coarse fixes any person got in one hour (a window of 3,600 s from any fix).
    var mostFixesInAnHour = 0

    /// Every leak of any kind.
    var leaks: Int { fieldLeaks + accuracyLeaks + distanceLeaks }

    /// Feeds samples through an algorithm, checking and recording every coarse fix that comes out.
    ///
    /// - Parameters:
    ///   - samples: The person's precise fixes with the truth.
    ///   - algorithm: The coarsening algorithm, fresh for this person.
    /// - Returns: The coarse fixes delivered, with the truth at each.
    mutating func deliver<Algorithm: CoarseningAlgorithm>(
        _ samples: [Sample],
        through algorithm: inout Algorithm
    )
        -> [Delivery]
    {
        var delivered: [Delivery] = []
        for sample in samples {
            guard let coarse = algorithm.coarsen(sample.fix) else { continue }
            let distance = coarse.coordinate.distance(to: sample.truth)
            distances.append(distance)
            let fields = [coarse.speed, coarse.course, coarse.altitude, coarse.verticalAccuracy]
            if fields.contains(where: { $0 != nil }) { fieldLeaks += 1 }
            if coarse.horizontalAccuracy < algorithm.grantedAccuracy { accuracyLeaks += 1 }
            let fromFix = coarse.coordinate.distance(to: sample.fix.coordinate)
            if let minimum = algorithm.minimumDistance, fromFix < minimum { distanceLeaks += 1 }
            if distance < 1_000 { withinOneKilometre += 1 }
            if distance <= coarse.horizontalAccuracy { withinAccuracy += 1 }
            delivered.append(Delivery(coarse: coarse, truth: sample.truth))
        }
        var first = 0
        for (index, delivery) in delivered.enumerated() {
            while delivery.coarse.timestamp.timeIntervalSince(delivered[first].coarse.timestamp) >= 3_600 {
                first += 1
            }
            mostFixesInAnHour = max(mostFixesInAnHour, index - first + 1)
        }
        return delivered
    }
}
