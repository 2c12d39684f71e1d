import Foundation
import Whereabouts

extension PrivacyBenchmark {
    /// The figures: the attacks at equal usefulness with their goals, then the same against Android's 2 km
    /// default (no ratio: unequal usefulness), then one offset per cell, to show what the blocks give.
    static func figures(
        ours: PrivacyTally,
        android: PrivacyTally,
        grid: Double,
        perCell: PrivacyTally,
        androidDefault: PrivacyTally,
        people: Int
    ) -> [Figure] {
        let equal = "Android LocationFudger, \(String(format: "%.2f", grid / 1_000)) km grid"
        let (mine, theirs) = (Samples(ours.distances), Samples(android.distances))
        let usefulness = mine.median
        let averaging = attack(
            "Averaging attack, standing still 30 days, equal usefulness: attacker's error",
            PrivacyAttack.strongest(PrivacyAttack.averaging, on: ours.averaging),
            PrivacyAttack.strongest(PrivacyAttack.averaging, on: android.averaging),
            baselineName: equal,
            cases: "\(people) people",
            goal: "≥ our median distance from the truth (\(km(usefulness))): averaging gains nothing"
        ) { mine, _ in mine >= usefulness }
        let boundary = attack(
            "Boundary attack, daily commute 30 days, equal usefulness: attacker's error",
            PrivacyAttack.strongest(PrivacyAttack.boundary, on: ours.boundary),
            PrivacyAttack.strongest(PrivacyAttack.boundary, on: android.boundary),
            baselineName: equal,
            cases: "\(ours.boundary.count) vs \(android.boundary.count) changes of \(people) commuters; the new "
                + "point itself: ours \(km(newPoint(ours))), Android \(km(newPoint(android)))",
            goal: "≥ 1.5× Android"
        ) { mine, theirs in mine >= 1.5 * theirs }
        let homeWork = attack(
            "Home/work attack, daily commute 30 days, equal usefulness: attacker's error on the pair",
            PrivacyAttack.homeWork(ours.homeWork),
            PrivacyAttack.homeWork(android.homeWork),
            baselineName: equal,
            cases: "\(people) commuters; a person's error is the larger of home's and work's",
            goal: "≥ Android"
        ) { mine, theirs in mine >= theirs }
        var figures = [averaging, boundary, homeWork]
        figures.append(
            Figure(
                name: "Utility, equal usefulness: distance of a coarse fix from the truth",
                unit: "km (median)",
                ours: mine.median / 1_000,
                oursSpread: percentiles(mine),
                baselineName: equal,
                baseline: theirs.median / 1_000,
                baselineSpread: percentiles(theirs),
                higherIsBetter: false,
                goal: "Android's median within 5 % of ours",
                met: abs(theirs.median / mine.median - 1) <= 0.05,
                note: "\(ours.distances.count) vs \(android.distances.count) coarse fixes; spread p10–p90; "
                    + "Android's grid set in this run to match our median"
            )
        )
        figures.append(
            Figure(
                name: "Utility, equal usefulness: largest distance of a coarse fix from the truth",
                unit: "km",
                ours: mine.quantile(1) / 1_000,
                baselineName: equal,
                baseline: theirs.quantile(1) / 1_000,
                higherIsBetter: false,
                goal: "≤ 20 km (Apple's documented range)",
                met: mine.quantile(1) <= 20_000,
                note: "nearest: ours \(km(mine.quantile(0))), Android \(km(theirs.quantile(0)))"
            )
        )
        figures.append(
            Figure(
                name: "Leaks: coarse fixes with a withheld field, too fine an accuracy or too close a point",
                unit: "fixes",
                ours: Double(ours.leaks),
                baselineName: equal,
                baseline: Double(android.leaks),
                higherIsBetter: false,
                goal: "0",
                met: ours.leaks == 0,
                note: leakNote(ours: ours, android: android)
            )
        )
        let (oursHeld, theirsHeld) = (
            100 * Double(ours.withinAccuracy) / Double(ours.distances.count),
            100 * Double(android.withinAccuracy) / Double(android.distances.count)
        )
        figures.append(
            Figure(
                name: "Containment: coarse fixes whose accuracy circle holds the truth",
                unit: "%",
                ours: oursHeld,
                baselineName: equal,
                baseline: theirsHeld,
                higherIsBetter: true,
                goal: "63–73 % (Core Location's 68 %)",
                met: (63...73).contains(oursHeld),
                note: "ours \(ours.withinAccuracy) of \(ours.distances.count), Android \(android.withinAccuracy) of "
                    + "\(android.distances.count) (Android's accuracy is its grid size)"
            )
        )
        figures.append(
            Figure(
                name: "Rate: the most coarse fixes a person got in one hour",
                unit: "fixes",
                ours: Double(ours.mostFixesInAnHour),
                baselineName: equal,
                baseline: Double(android.mostFixesInAnHour),
                higherIsBetter: false,
                goal: "≤ 4",
                met: ours.mostFixesInAnHour <= 4
            )
        )
        figures += defaultGrid(ours: ours, android: androidDefault, people: people)
        figures += blocks(ours: ours, perCell: perCell, android: android, baselineName: equal)
        return figures
    }

    /// The attacks against Android's default 2 km grid: its fixes are far closer to the truth than ours, so
    /// its figures go in the note and no ratio is drawn.
    static func defaultGrid(ours: PrivacyTally, android: PrivacyTally, people: Int) -> [Figure] {
        let (mine, theirs) = (Samples(ours.distances), Samples(android.distances))
        let unequal =
            "not like with like: Android's 2 km grid puts its fixes a median \(km(theirs.median)) from the truth, "
            + "ours \(km(mine.median))"
        let rows = [
            (
                "Averaging attack against Android's default 2 km grid",
                PrivacyAttack.strongest(PrivacyAttack.averaging, on: ours.averaging),
                PrivacyAttack.strongest(PrivacyAttack.averaging, on: android.averaging)
            ),
            (
                "Boundary attack against Android's default 2 km grid",
                PrivacyAttack.strongest(PrivacyAttack.boundary, on: ours.boundary),
                PrivacyAttack.strongest(PrivacyAttack.boundary, on: android.boundary)
            ),
            (
                "Home/work attack against Android's default 2 km grid",
                PrivacyAttack.homeWork(ours.homeWork),
                PrivacyAttack.homeWork(android.homeWork)
            ),
        ]
        return rows.map { name, mine, theirs in
            Figure(
                name: name,
                unit: "km (median)",
                ours: mine.errors.median / 1_000,
                oursSpread: percentiles(mine.errors),
                higherIsBetter: true,
                note: "Android 2 km: \(km(theirs.errors.median)) [\(km(theirs.errors.quantile(0.1)))–"
                    + "\(km(theirs.errors.quantile(0.9)))], best attacker \"\(theirs.estimator)\"; \(unequal); "
                    + "\(people) people"
            )
        } + [
            Figure(
                name: "Utility against Android's default 2 km grid: largest distance / leaks",
                unit: "km",
                ours: mine.quantile(1) / 1_000,
                higherIsBetter: false,
                note: "Android 2 km: largest \(km(theirs.quantile(1))), \(android.leaks) leaks, "
                    + "\(android.withinOneKilometre) of \(android.distances.count) fixes within 1 km"
            )
        ]
    }

    /// What sharing one offset per block gives: the attacks against one offset per cell (`blockSize` 1), at
    /// the same usefulness.
    static func blocks(
        ours: PrivacyTally,
        perCell: PrivacyTally,
        android: PrivacyTally,
        baselineName: String
    )
        -> [Figure]
    {
        let median = Samples(perCell.distances).median
        let rows = [
            (
                "Boundary attack, one offset per cell (blockSize 1)",
                PrivacyAttack.strongest(PrivacyAttack.boundary, on: perCell.boundary),
                PrivacyAttack.strongest(PrivacyAttack.boundary, on: android.boundary)
            ),
            (
                "Home/work attack, one offset per cell (blockSize 1)",
                PrivacyAttack.homeWork(perCell.homeWork),
                PrivacyAttack.homeWork(android.homeWork)
            ),
        ]
        return rows.map { name, mine, theirs in
            Figure(
                name: name,
                unit: "km (median)",
                ours: mine.errors.median / 1_000,
                oursSpread: percentiles(mine.errors),
                baselineName: baselineName,
                baseline: theirs.errors.median / 1_000,
                baselineSpread: percentiles(theirs.errors),
                higherIsBetter: true,
                note: "one offset per cell, median distance \(km(median)) (blocks: "
                    + "\(km(Samples(ours.distances).median))); best attacker \"\(mine.estimator)\""
            )
        }
    }

    /// The boundary attacker's median error when it answers with the new point itself: the ceiling of a
    /// coarsener that shows the person's current cell at every change.
    static func newPoint(_ tally: PrivacyTally) -> Double {
        Samples(tally.boundary.map { change, truth in change.after.distance(to: truth) }).median
    }

    /// One attack figure at equal usefulness.
    static func attack(
        _ name: String,
        _ mine: PrivacyAttack.Outcome,
        _ theirs: PrivacyAttack.Outcome,
        baselineName: String,
        cases: String,
        goal: String,
        met: (Double, Double) -> Bool
    ) -> Figure {
        Figure(
            name: name,
            unit: "km (median)",
            ours: mine.errors.median / 1_000,
            oursSpread: percentiles(mine.errors),
            baselineName: baselineName,
            baseline: theirs.errors.median / 1_000,
            baselineSpread: percentiles(theirs.errors),
            higherIsBetter: true,
            goal: goal,
            met: met(mine.errors.median, theirs.errors.median),
            note: "\(cases); spread p10–p90; best attacker: ours \"\(mine.estimator)\", "
                + "Android \"\(theirs.estimator)\""
        )
    }

    static func leakNote(ours: PrivacyTally, android: PrivacyTally) -> String {
        func parts(_ tally: PrivacyTally) -> String {
            "fields \(tally.fieldLeaks), accuracy \(tally.accuracyLeaks), too close \(tally.distanceLeaks), "
                + "within 1 km \(tally.withinOneKilometre)"
        }
        return "ours: \(parts(ours)); Android: \(parts(android)) (Android promises no least distance; "
            + "its field leaks are the vertical accuracy it keeps)"
    }

    static func percentiles(_ samples: Samples) -> ClosedRange<Double> {
        samples.quantile(0.1) / 1_000...samples.quantile(0.9) / 1_000
    }

    static func km(_ metres: Double) -> String { String(format: "%.2f km", metres / 1_000) }
}
