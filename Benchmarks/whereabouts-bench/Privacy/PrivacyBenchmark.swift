import Foundation
import Whereabouts

/// `whereabouts-bench privacy`: Whereabouts' Coarsener against Android's LocationFudger, on the same people.
///
/// Generated people (fixed seeds) stand still for 30 days or commute daily for 30 days, one precise fix a
/// minute with every field set. Each person's fixes go through a fresh `Coarsener` (default configuration,
/// the engine's approximate path: `coarsen(_:)` with its rate limit) with a secret of its own, and through
/// a fresh ``AndroidLocationFudger`` with draws of its own. The attacks (``PrivacyAttack``) see only the
/// coarse fixes each algorithm delivers. Spreads are the 10th–90th percentiles over people (averaging) or
/// changes (boundary), not over repeats: the run is deterministic.
struct PrivacyBenchmark: Benchmark {
    static let name = "privacy"
    static let abstract = "Averaging and boundary attacks, utility and leaks: Coarsener vs Android's LocationFudger."
    static let baselineName = "Android LocationFudger"

    static func run(_ options: BenchmarkOptions) async throws -> [Figure] {
        let people = options.quick ? 60 : 300
        var ours = PrivacyTally()
        var android = PrivacyTally()
        for person in 0..<people {
            var generator = SplitMix(seed: 0x5052_4956_4143_5900 &+ UInt64(person))  // "PRIVACY"
            let home = PrivacyWorld.place(using: &generator)
            let still = PrivacyWorld.standingStill(at: home, seed: generator.next())
            let commuter = PrivacyWorld.Commuter(using: &generator)
            let commute = PrivacyWorld.commute(commuter, seed: generator.next())
            let secret = Coarsener.Secret(k0: generator.next(), k1: generator.next())
            let androidSeed = generator.next()
            for (samples, isCommute) in [(still, false), (commute, true)] {
                var coarsener = Coarsener(secret: secret)
                var fudger = AndroidLocationFudger(seed: androidSeed &+ (isCommute ? 1 : 0))
                let oursDelivered = ours.deliver(samples, through: &coarsener)
                let androidDelivered = android.deliver(samples, through: &fudger)
                if isCommute {
                    ours.boundary += PrivacyAttack.changes(oursDelivered)
                    android.boundary += PrivacyAttack.changes(androidDelivered)
                } else {
                    ours.averaging.append((oursDelivered.map(\.coarse.coordinate), home))
                    android.averaging.append((androidDelivered.map(\.coarse.coordinate), home))
                }
            }
        }
        return figures(ours: ours, android: android, people: people)
    }

    /// The figures, ours against Android's, with the goals of issue 7.
    static func figures(ours: PrivacyTally, android: PrivacyTally, people: Int) -> [Figure] {
        var figures: [Figure] = []
        let attacks = [
            (
                "Averaging attack, standing still 30 days: attacker's error",
                PrivacyAttack.strongest(PrivacyAttack.averaging, on: ours.averaging),
                PrivacyAttack.strongest(PrivacyAttack.averaging, on: android.averaging), "\(people) people"
            ),
            (
                "Boundary attack, daily commute 30 days: attacker's error",
                PrivacyAttack.strongest(PrivacyAttack.boundary, on: ours.boundary),
                PrivacyAttack.strongest(PrivacyAttack.boundary, on: android.boundary),
                "\(ours.boundary.count) vs \(android.boundary.count) changes of \(people) commuters"
            ),
        ]
        for (name, mine, theirs, cases) in attacks {
            let (oursKm, theirsKm) = (mine.errors.median / 1_000, theirs.errors.median / 1_000)
            figures.append(
                Figure(
                    name: name,
                    unit: "km (median)",
                    ours: oursKm,
                    oursSpread: percentiles(mine.errors),
                    baselineName: baselineName,
                    baseline: theirsKm,
                    baselineSpread: percentiles(theirs.errors),
                    higherIsBetter: true,
                    goal: "≥ 1 km and ≥ 2× Android",
                    met: oursKm >= 1 && oursKm >= 2 * theirsKm,
                    note: "\(cases); spread p10–p90; best attacker: ours \"\(mine.estimator)\", "
                        + "Android \"\(theirs.estimator)\""
                )
            )
        }
        let (mine, theirs) = (Samples(ours.distances), Samples(android.distances))
        figures.append(
            Figure(
                name: "Utility: distance of a coarse fix from the truth",
                unit: "km (median)",
                ours: mine.median / 1_000,
                oursSpread: percentiles(mine),
                baselineName: baselineName,
                baseline: theirs.median / 1_000,
                baselineSpread: percentiles(theirs),
                higherIsBetter: false,
                goal: "≤ 5 km",
                met: mine.median <= 5_000,
                note: "\(ours.distances.count) vs \(android.distances.count) coarse fixes; spread p10–p90"
            )
        )
        figures.append(
            Figure(
                name: "Utility: largest distance of a coarse fix from the truth",
                unit: "km",
                ours: mine.quantile(1) / 1_000,
                baselineName: baselineName,
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
                baselineName: baselineName,
                baseline: Double(android.leaks),
                higherIsBetter: false,
                goal: "0",
                met: ours.leaks == 0,
                note: leakNote(ours: ours, android: android)
            )
        )
        return figures
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
