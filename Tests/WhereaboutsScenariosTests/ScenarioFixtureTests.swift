import Foundation
import Testing
import Whereabouts
import WhereaboutsScenarios

/// Runs every scenario file under `Fixtures/` (except `failing.json`, which must fail) and expects it to pass.
///
/// Each behaviour of the location manager's settings, significant changes, the last location, region limits and
/// service sessions has a fixture named after it; together they are examples of the scenario contract.
@Suite(.timeLimit(.minutes(5)))
struct ScenarioFixtureTests {
    /// The fixture of each behaviour, by file name without `.json`.
    static let behaviours = [
        "desired-accuracy-reduced-gives-approximate-fixes",
        "distance-filter-delivers-only-after-moving",
        "settings-hints-are-recorded-and-change-nothing",
        "significant-changes-need-500-m-and-5-minutes",
        "significant-changes-start-with-the-current-fix",
        "significant-changes-in-the-background-only-with-always",
        "significant-changes-coarse-under-reduced-accuracy",
        "pausing-on-pauses-still-updates-until-they-start-again",
        "pausing-off-never-pauses",
        "last-location-is-what-the-app-last-received",
        "last-location-coarse-under-reduced-accuracy",
        "region-limit-21st-fails-with-regionMonitoringFailure",
        "region-radius-above-the-maximum-is-refused",
        "monitored-regions-count",
        "service-session-prompts-when-a-prompt-is-due",
        "service-session-re-asks-after-allow-once-lapses",
        "service-session-diagnostics",
        "relaunch-region-exit-reaches-the-manager-made-at-launch",
        "relaunch-region-entry-relaunches-with-region-entry",
        "relaunch-visit-reaches-the-manager-made-at-launch",
        "relaunch-significant-change-arrives-once-the-app-starts-them-again",
        "relaunch-event-lost-without-a-manager-in-time",
        "relaunch-session-resumed-at-launch-keeps-updates-coming",
        "relaunch-session-not-retaken-gives-no-updates-and-insufficiently-in-use",
        "relaunch-when-in-use-app-is-not-relaunched",
        "relaunch-launch-in-background-step-then-launch-code",
        "platform-ios",
        "platform-macos",
        "platform-watchos",
        "platform-visionos",
        "platform-tvos",
        "explicit-session-needed-in-the-background",
        "pause-in-the-background-ends-when-in-use-until-launch",
        "location-button-grant-lasts-one-use-of-the-app",
    ]

    /// The fixtures that must fail: they show what a failing run reports.
    static let meantToFail: Set<String> = ["failing"]

    /// Every `.json` file under `Fixtures/` in the test bundle, by name without `.json`, sorted.
    static func fixtureNames() -> [String] {
        guard let directory = Bundle.module.url(forResource: "Fixtures", withExtension: nil),
            let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(".json".count)) }.sorted()
    }

    @Test func everyBehaviourHasItsFixtureInTheBundle() {
        let present = Set(Self.fixtureNames())
        let missing = Self.behaviours.filter { !present.contains($0) }
        #expect(missing == [], "add these to Tests/WhereaboutsScenariosTests/Fixtures/")
    }

    @Test(arguments: fixtureNames().filter { !meantToFail.contains($0) })
    func theFixturePasses(_ name: String) async throws {
        let scenario = try ScenarioRunnerTests.fixture(name)
        let expects = scenario.steps.filter { if case .expect = $0 { true } else { false } }
        #expect(!expects.isEmpty, "\(name).json checks nothing: give it expect steps")
        let report = await ScenarioRunner(scenario).run()
        let failures = report.failedSteps.map {
            "step \($0.step) (\($0.kind) \($0.action)): \($0.failures.joined(separator: "; "))"
        }
        #expect(failures == [], "\(name).json")
        #expect(report.steps.count == scenario.steps.count)
    }
}
