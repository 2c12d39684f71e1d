import Foundation
import Whereabouts

extension PrivacyBenchmark {
    /// The Coarsener with a change of point waiting a keyed distance (up to 8 km) or time (up to 30 minutes)
    /// past the edge: a package-only option, measured beside the default.
    static let waitingConfiguration = {
        var configuration = Coarsener.Configuration()
        (configuration.switchDistance, configuration.switchDelay) = (8_000, 1_800)
        return configuration
    }()

    /// What waiting past the edge gives: the attacks against `waitingConfiguration`, each against Android
    /// with its grid matched anew in the same run to that configuration's median distance.
    static func switching(
        waiting: PrivacyTally,
        android: PrivacyTally,
        grid: Double,
        atOnce: PrivacyTally
    ) -> [Figure] {
        let baselineName = "Android LocationFudger, \(String(format: "%.2f", grid / 1_000)) km grid"
        let (mine, theirs) = (Samples(waiting.distances), Samples(android.distances))
        let label = "switch waiting up to 8 km or 30 min (not the default)"
        let boundary = attack(
            "Boundary attack, \(label): attacker's error",
            PrivacyAttack.strongest(PrivacyAttack.boundary, on: waiting.boundary),
            PrivacyAttack.strongest(PrivacyAttack.boundary, on: android.boundary),
            baselineName: baselineName,
            cases: "\(waiting.boundary.count) vs \(android.boundary.count) changes; the new point itself: ours "
                + "\(km(newPoint(waiting))), Android \(km(newPoint(android)))",
            goal: "≥ 1.5× Android"
        ) { mine, theirs in mine >= 1.5 * theirs }
        let homeWork = attack(
            "Home/work attack, \(label): attacker's error on the pair",
            PrivacyAttack.homeWork(waiting.homeWork),
            PrivacyAttack.homeWork(android.homeWork),
            baselineName: baselineName,
            cases: "a person's error is the larger of home's and work's",
            goal: "≥ Android"
        ) { mine, theirs in mine >= theirs }
        let averaging = PrivacyAttack.strongest(PrivacyAttack.averaging, on: waiting.averaging)
        let held = 100 * Double(waiting.withinAccuracy) / Double(waiting.distances.count)
        return [
            boundary,
            homeWork,
            Figure(
                name: "Utility, \(label): median distance from the truth",
                unit: "km (median)",
                ours: mine.median / 1_000,
                oursSpread: percentiles(mine),
                baselineName: baselineName,
                baseline: theirs.median / 1_000,
                baselineSpread: percentiles(theirs),
                higherIsBetter: false,
                goal: "Android's median within 5 % of ours",
                met: abs(theirs.median / mine.median - 1) <= 0.05,
                note: "largest: ours \(km(mine.quantile(1))), Android \(km(theirs.quantile(1))) (showing at once: "
                    + "\(km(Samples(atOnce.distances).quantile(1)))); accuracy circle holds the truth "
                    + String(format: "%.1f %%", held) + "; averaging attacker \(km(averaging.errors.median)); "
                    + "\(waiting.leaks) leaks; at most \(waiting.mostFixesInAnHour) fixes an hour"
            ),
        ]
    }
}
