package import Foundation
package import Whereabouts

/// How well a geofence monitor reported a track's true crossings: the share it reported, how late, what it
/// invented or repeated, and the most conditions it held against the budget.
///
/// Each report is matched to a true crossing (from ``CrossingOracle``) of the same fence and the same transition
/// whose instant lies in the report's window: no more than ``Tolerance/late`` before the report (a monitored crossing
/// comes a fix or two after the boundary, an inferred one at the next plan, minutes later) and no more than
/// ``Tolerance/early`` after it (a fix's noise can put the person past a boundary a little before the interpolated
/// track crosses it). Reports are taken in time order and each takes the earliest true crossing still unmatched in
/// its window, so a fence's reports pair with its crossings in order.
///
/// - A report whose window holds true crossings of its fence and transition, all already matched, is a
///   **duplicate**: that crossing was reported twice.
/// - A report whose window holds none, while a true crossing of its fence and transition came earlier than the window
///   and no report took it, is **late**: it reports that crossing (the latest such), but too late to count; the
///   crossing stays missed. A monitor that learns of a crossing only when the app next wakes, hours later, reports
///   it so.
/// - A report whose window holds none and that is not late is **false**: it matches nothing that happened.
/// - A true crossing no report took in its window is **missed**.
/// - The **delay** of a matched report is its date minus the crossing's instant (negative when early). Its median
///   and 95th percentile are nearest-rank: the smallest delay at or above that share of the sorted delays.
///
/// ```swift
/// let truth = CrossingOracle(fences: fences).crossings(along: fixes)
/// let score = GeofenceScore(truth: truth, reports: events, mostConditions: 20, budget: 20)
/// print(score.reportedShare, score.medianDelay ?? 0, score.duplicates, score.withinBudget)
/// // In a test: #expect(score.falseReports == 0 && score.duplicates == 0 && score.withinBudget)
/// ```
package struct GeofenceScore: Hashable, Sendable {
    /// How far from a true crossing's instant a report of it may be dated.
    package struct Tolerance: Hashable, Sendable {
        /// How long after the crossing a report still counts for it, in seconds.
        package var late: TimeInterval
        /// How long before the crossing a report already counts for it, in seconds.
        package var early: TimeInterval

        /// Creates a tolerance.
        ///
        /// - Parameters:
        ///   - late: Seconds after the crossing, 0 or more.
        ///   - early: Seconds before the crossing, 0 or more.
        package init(late: TimeInterval, early: TimeInterval) {
            self.late = max(0, late)
            self.early = max(0, early)
        }

        /// Fifteen minutes late (an inferred crossing waits for the next plan, which a drive at motorway speed
        /// reaches within minutes) and 30 seconds early (a fix's noise near a boundary).
        package static let standard = Tolerance(late: 900, early: 30)
    }

    /// How many true crossings the track made.
    package var trueCrossings: Int
    /// How many of them a report matched.
    package var reported: Int
    /// The matched reports by how they were found (monitored, inferred, approximate).
    package var reportedBy: [GeofenceEvent.Detection: Int]
    /// Reports that match no true crossing.
    package var falseReports: Int
    /// Reports of a true crossing that came later than the tolerance allows (the crossing is counted missed).
    package var lateReports: Int
    /// Reports of a true crossing already reported.
    package var duplicates: Int
    /// The delays of the matched reports in seconds, sorted (negative when a report came before the crossing).
    package var delays: [TimeInterval]
    /// The most conditions the monitor held at once, as the run counted them.
    package var mostConditions: Int
    /// The most conditions the system allows the app (20 on iOS).
    package var budget: Int

    /// Scores reports against the truth.
    ///
    /// - Parameters:
    ///   - truth: The true crossings, in any order.
    ///   - reports: What the monitor reported, in any order.
    ///   - tolerance: How far from a crossing's instant a report of it may be.
    ///   - mostConditions: The most conditions held at once during the run.
    ///   - budget: The most conditions allowed.
    package init(
        truth: [CrossingOracle.Crossing],
        reports: [GeofenceEvent],
        tolerance: Tolerance = .standard,
        mostConditions: Int,
        budget: Int = 20
    ) {
        self.mostConditions = mostConditions
        self.budget = budget
        trueCrossings = truth.count
        reported = 0
        reportedBy = [:]
        falseReports = 0
        lateReports = 0
        duplicates = 0
        delays = []

        struct Key: Hashable {
            var fenceID: String
            var transition: GeofenceEvent.Transition
        }
        // Each fence and transition's crossings in time order, with whether a report took each.
        var crossings: [Key: [(date: Date, taken: Bool)]] = [:]
        for crossing in truth {
            crossings[Key(fenceID: crossing.fenceID, transition: crossing.transition), default: []]
                .append((crossing.date, false))
        }
        for key in crossings.keys { crossings[key]?.sort { $0.date < $1.date } }

        let ordered = reports.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
        for report in ordered.map(\.element) {
            let key = Key(fenceID: report.fenceID, transition: report.transition)
            let earliest = report.date.addingTimeInterval(-tolerance.late)
            let latest = report.date.addingTimeInterval(tolerance.early)
            let candidates =
                crossings[key]?.indices.filter { index in
                    let date = crossings[key]![index].date
                    return date >= earliest && date <= latest
                } ?? []
            if let free = candidates.first(where: { !crossings[key]![$0].taken }) {
                crossings[key]![free].taken = true
                reported += 1
                reportedBy[report.detection, default: 0] += 1
                delays.append(report.date.timeIntervalSince(crossings[key]![free].date))
            } else if candidates.isEmpty {
                // A crossing before the window that nothing took: this report is its, late.
                let before = crossings[key]?.indices.last { index in
                    crossings[key]![index].date < earliest && !crossings[key]![index].taken
                }
                if let before {
                    crossings[key]![before].taken = true
                    lateReports += 1
                } else {
                    falseReports += 1
                }
            } else {
                duplicates += 1
            }
        }
        delays.sort()
    }

    /// The true crossings no report matched.
    package var missed: Int { trueCrossings - reported }

    /// The share of true crossings reported, 0...1 (1 when there were none).
    package var reportedShare: Double {
        trueCrossings == 0 ? 1 : Double(reported) / Double(trueCrossings)
    }

    /// Whether the monitor never held more conditions than the budget.
    package var withinBudget: Bool { mostConditions <= budget }

    /// The median delay in seconds (nearest rank), nil when nothing was matched.
    package var medianDelay: TimeInterval? { delay(atQuantile: 0.5) }

    /// The 95th percentile of the delays in seconds (nearest rank), nil when nothing was matched.
    package var delay95: TimeInterval? { delay(atQuantile: 0.95) }

    /// The largest delay in seconds, nil when nothing was matched.
    package var largestDelay: TimeInterval? { delays.last }

    /// The delay at a quantile, nearest rank: the smallest delay with at least that share of delays at or below it.
    ///
    /// - Parameter quantile: A share in 0...1.
    /// - Returns: The delay in seconds, nil when nothing was matched.
    package func delay(atQuantile quantile: Double) -> TimeInterval? {
        guard !delays.isEmpty else { return nil }
        let rank = Int((min(max(quantile, 0), 1) * Double(delays.count)).rounded(.up)) - 1
        return delays[min(max(rank, 0), delays.count - 1)]
    }
}
