import Foundation
import Testing
import Whereabouts
import WhereaboutsReplay

@Suite(.timeLimit(.minutes(3)))
struct GeofenceScoreTests {
    /// A date `seconds` after a fixed start.
    static func at(_ seconds: Double) -> Date {
        Date(timeIntervalSince1970: 1_700_000_000 + seconds)
    }

    static func truth(
        _ fence: String,
        _ transition: GeofenceEvent.Transition,
        _ seconds: Double
    )
        -> CrossingOracle.Crossing
    {
        CrossingOracle.Crossing(
            fenceID: fence,
            transition: transition,
            date: at(seconds),
            coordinate: Coordinate(latitude: 0, longitude: 0)
        )
    }

    static func report(
        _ fence: String,
        _ transition: GeofenceEvent.Transition,
        _ seconds: Double,
        _ detection: GeofenceEvent.Detection = .monitored
    ) -> GeofenceEvent {
        GeofenceEvent(fenceID: fence, transition: transition, date: at(seconds), detection: detection)
    }

    @Test func everyCrossingReportedInTimeIsAFullShareWithItsDelays() {
        let truth = [
            Self.truth("pond", .entered, 40), Self.truth("pond", .exited, 60), Self.truth("gate", .entered, 50),
        ]
        let reports = [
            Self.report("pond", .entered, 42),
            Self.report("gate", .entered, 170, .inferred),
            Self.report("pond", .exited, 61),
        ]
        let score = GeofenceScore(truth: truth, reports: reports, mostConditions: 20)
        #expect(score.trueCrossings == 3 && score.reported == 3 && score.missed == 0)
        #expect(score.reportedShare == 1)
        #expect(score.delays == [1, 2, 120])
        #expect(score.reportedBy == [.monitored: 2, .inferred: 1])
        #expect(score.falseReports == 0 && score.duplicates == 0)
        #expect(score.medianDelay == 2 && score.largestDelay == 120)
    }

    @Test func aReportOfAnotherFenceOrTheOtherTransitionMatchesNothing() {
        let truth = [Self.truth("pond", .entered, 40)]
        let reports = [Self.report("pond", .exited, 41), Self.report("gate", .entered, 41)]
        let score = GeofenceScore(truth: truth, reports: reports, mostConditions: 3)
        #expect(score.falseReports == 2)
        #expect(score.reported == 0 && score.missed == 1 && score.reportedShare == 0)
        #expect(score.medianDelay == nil && score.delay95 == nil && score.largestDelay == nil)
    }

    @Test func aCrossingReportedTwiceIsOneReportAndOneDuplicate() {
        let truth = [Self.truth("pond", .entered, 40)]
        let reports = [Self.report("pond", .entered, 41), Self.report("pond", .entered, 45, .inferred)]
        let score = GeofenceScore(truth: truth, reports: reports, mostConditions: 3)
        #expect(score.reported == 1 && score.duplicates == 1 && score.falseReports == 0)
        #expect(score.delays == [1])
        #expect(score.reportedBy == [.monitored: 1])
    }

    @Test func aReportLaterThanTheToleranceIsLateNotFalseAndItsCrossingMissed() {
        let truth = [Self.truth("pond", .entered, 0)]
        let tolerance = GeofenceScore.Tolerance(late: 600, early: 30)
        let late = GeofenceScore(
            truth: truth,
            reports: [Self.report("pond", .entered, 601)],
            tolerance: tolerance,
            mostConditions: 1
        )
        #expect(late.lateReports == 1 && late.falseReports == 0 && late.missed == 1 && late.reported == 0)
        // A second late report of the one crossing matches nothing left: it is false.
        let twice = GeofenceScore(
            truth: truth,
            reports: [Self.report("pond", .entered, 601), Self.report("pond", .entered, 7_200)],
            tolerance: tolerance,
            mostConditions: 1
        )
        #expect(twice.lateReports == 1 && twice.falseReports == 1)
        // A late report of a crossing of the other direction, or of another fence, is false.
        let other = GeofenceScore(
            truth: truth,
            reports: [Self.report("pond", .exited, 601), Self.report("lake", .entered, 601)],
            tolerance: tolerance,
            mostConditions: 1
        )
        #expect(other.lateReports == 0 && other.falseReports == 2)
        let inTime = GeofenceScore(
            truth: truth,
            reports: [Self.report("pond", .entered, 600)],
            tolerance: tolerance,
            mostConditions: 1
        )
        #expect(inTime.reported == 1 && inTime.delays == [600])
    }

    @Test func aReportALittleBeforeTheCrossingMatchesItWithANegativeDelay() {
        let truth = [Self.truth("pond", .entered, 100)]
        let early = GeofenceScore(truth: truth, reports: [Self.report("pond", .entered, 80)], mostConditions: 1)
        #expect(early.reported == 1 && early.delays == [-20])
        let tooEarly = GeofenceScore(truth: truth, reports: [Self.report("pond", .entered, 69)], mostConditions: 1)
        #expect(tooEarly.falseReports == 1 && tooEarly.missed == 1)
    }

    @Test func aFencesReportsPairWithItsCrossingsInOrder() {
        // In, out and in again within a minute; the three reports come late, each within the tolerance of all.
        let truth = [
            Self.truth("pond", .entered, 0), Self.truth("pond", .exited, 20), Self.truth("pond", .entered, 50),
        ]
        let reports = [
            Self.report("pond", .entered, 100, .inferred),
            Self.report("pond", .exited, 110, .inferred),
            Self.report("pond", .entered, 120, .inferred),
        ]
        let score = GeofenceScore(truth: truth, reports: reports, mostConditions: 20)
        #expect(score.reported == 3 && score.duplicates == 0 && score.falseReports == 0)
        #expect(score.delays == [70, 90, 100])
    }

    @Test func aMissedCrossingBetweenTwoReportedOnesLowersTheShare() {
        let truth = [
            Self.truth("pond", .entered, 0), Self.truth("pond", .exited, 20),
            Self.truth("pond", .entered, 2_000), Self.truth("pond", .exited, 2_020),
        ]
        let reports = [Self.report("pond", .entered, 5), Self.report("pond", .exited, 2_030)]
        let score = GeofenceScore(truth: truth, reports: reports, mostConditions: 20)
        #expect(score.reported == 2 && score.missed == 2 && score.reportedShare == 0.5)
        #expect(score.delays == [5, 10])
    }

    @Test func theDelayPercentilesAreNearestRank() {
        // Twenty crossings of twenty fences, reported 1 to 20 seconds late.
        let truth = (1...20).map { Self.truth("f\($0)", .entered, 0) }
        let reports = (1...20).map { Self.report("f\($0)", .entered, Double($0)) }
        let score = GeofenceScore(truth: truth, reports: reports, mostConditions: 20)
        #expect(score.medianDelay == 10)
        #expect(score.delay95 == 19)
        #expect(score.largestDelay == 20)
        #expect(score.delay(atQuantile: 0) == 1 && score.delay(atQuantile: 1) == 20)
    }

    @Test func theBudgetHoldsUpToItsSizeAndNoFurther() {
        #expect(GeofenceScore(truth: [], reports: [], mostConditions: 20, budget: 20).withinBudget)
        #expect(!GeofenceScore(truth: [], reports: [], mostConditions: 21, budget: 20).withinBudget)
    }

    @Test func aTrackThatCrossesNothingAndIsReportedNothingIsAFullShare() {
        let score = GeofenceScore(truth: [], reports: [], mostConditions: 0)
        #expect(score.reportedShare == 1 && score.missed == 0 && score.delays.isEmpty)
    }
}
