import ArgumentParser
import Foundation
import Whereabouts
import WhereaboutsScenarios

/// `whereabouts simulate`: runs a scenario against the authorization engine.
struct Simulate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a scenario (a person and an app, step by step) against the authorization engine.",
        discussion: """
            With no --scenario, runs the built-in demo: the prompt, approximate fixes, temporary precise \
            access, the background, and a revocation in Settings. `--print-scenario` prints it as a starting \
            point for your own.

            A scenario is a JSON object: "appID", "info" (Info.plist keys), "device" ({"servicesEnabled", \
            "restricted"}) and "steps", each step an object with one of these keys:
              do        the app: requestWhenInUse, requestAlways, requestTemporaryFullAccuracy ("purposeKey"), \
            requestLocation, startUpdates, stopUpdates, allowBackgroundUpdates, startBackgroundSession, \
            stopBackgroundSession, startMonitoringRegion ("lat", "lon", "radius", optional "id"; "identifier" \
            also works), stopMonitoringRegion (optional "id"), startSignificantChanges, stopSignificantChanges, \
            startMonitoringVisits, stopMonitoringVisits, startServiceSession ("authorization": \
            none|whenInUse|always, optional "fullAccuracyPurposeKey"), stopServiceSession (ends the scenario's \
            sessions), and set with any of "desiredAccuracy" (bestForNavigation|best|nearestTenMeters|\
            hundredMeters|kilometer|threeKilometers|reduced), "distanceFilter" (metres or "none"), "activityType" \
            (other|automotiveNavigation|fitness|otherNavigation|airborne), "pausesAutomatically" (bool), \
            "showsBackgroundIndicator" (bool), "headingFilter" (degrees or "none")
              person    the answer to the prompt on screen: allowOnce, allowWhileUsing, dontAllow ("precise": \
            bool), changeToAlways, keepWhileUsing, allowPrecise, dontAllowPrecise, allowLocationButton, \
            dontAllowLocationButton; or tapLocationButton, a tap on the app's Location Button (the first tap of \
            the install shows the locationButton prompt, a later one grants When In Use for this use of the app)
              app       launch, foreground, background, terminate, or launchInBackground with "reason": \
            regionEntry|regionExit|visit|significantLocationChange|backgroundActivitySession (the system \
            launches the terminated app in the background; the do steps after it are its launch code, the \
            first makes its location manager). A fix that crosses a monitored region, makes a visit or a \
            significant change while the app is not running relaunches it by itself, with Always
              settings  any of "status", "precise", "servicesEnabled", "restricted"
              fix       a raw fix: "lat", "lon", optional "accuracy" (m), "altitude", "speed", "course"
              wait      {"seconds": N} on the test clock (fix times are 2026-01-01T00:00:00Z plus the clock)
              expect    any of "status", "accuracy", "prompt", "result" (a status, full|reduced, location, or an \
            error id such as regionMonitoringFailure), "delivered" (fixes received from any service), \
            "lastFixPrecise", "diagnostics" (of live updates or of a session the scenario holds), "lastLocation" \
            ({"lat", "lon"} within 1e-6, or "none"), "monitoredRegions" (a count), "paused" (bool), "appState" \
            (notRunning|foreground|background), "launchReason" (a reason, or none), "launchEvent" \
            (none|waiting|delivered|lost)

            The optional "platform" says whose rules apply: ios (the default, also when absent), macos (no When \
            In Use: Allow gives authorizedAlways; the app is never sent to the background), watchos (no regions, \
            visits or significant changes), visionos (no Always, background updates or regions), tvos (When In \
            Use and requestLocation only); any other value is a malformed scenario (exit code 2).

            The app listens for live updates from launch; `startUpdates` also ends a pause. The whole contract: \
            the documentation's "Simulating scenarios" article.

            Exit codes: 0 every expect held; 1 a step failed (the output names it and says why); \
            2 the scenario is malformed (the output names the file, the step and what is wrong); 64 a wrong \
            option; 74 standard output or standard error could not be written.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(name: .long, help: ArgumentHelp("The scenario file (JSON) to run.", valueName: "file"))
    var scenario: String?

    @Option(name: .long, help: "Output: text (a readable timeline) or json (one object per step, one per line).")
    var format: Format = .text

    @Flag(name: .long, help: "Print the built-in demo scenario's JSON and exit.")
    var printScenario = false

    func run() async throws {
        if printScenario {
            Terminal().output(Scenario.demoJSON)
            return
        }
        let loaded: Scenario
        let name: String
        if let path = scenario {
            if let reason = InputFile.unreadableReason(path) {
                Self.printError("error: \(path) \(reason); give --scenario a scenario file (JSON).")
                throw ExitCode.scenarioMalformed
            }
            do {
                loaded = try Scenario(contentsOf: URL(fileURLWithPath: path))
                name = path
            } catch {
                Self.printError("error: \(error)")
                Self.printError(
                    "The scenario format is in `whereabouts simulate --help` and the documentation's "
                        + "\"Simulating scenarios\" article; "
                        + "`whereabouts simulate --print-scenario` prints a complete example."
                )
                throw ExitCode.scenarioMalformed
            }
        } else {
            loaded = Scenario.demo
            name = "built-in demo"
        }
        let timeline = Timeline(format: format)
        timeline.header(loaded, name: name)
        // Each step is printed as it completes: the report keeps only the failed ones the footer lists.
        let report = await ScenarioRunner(loaded).run(keepingPassedSteps: false) { timeline.step($0) }
        timeline.footer(report, name: name)
        if !report.passed { throw ExitCode.scenarioStepFailed }
    }

    func validate() throws {
        if scenario?.isEmpty == true {
            throw ValidationError("--scenario is empty; give a scenario file, or leave it out for the built-in demo.")
        }
    }

    static func printError(_ text: String) {
        Terminal().error(text)
    }
}

/// Prints a scenario's steps for people or for programs.
struct Timeline {
    let format: Simulate.Format
    let terminal = Terminal()

    func header(_ scenario: Scenario, name: String) {
        guard format == .text else { return }
        terminal.output("Scenario \(name): \(scenario.appID), \(scenario.steps.count) steps")
        terminal.output("")
    }

    func step(_ report: StepReport) {
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let data = try? encoder.encode(report), let line = String(data: data, encoding: .utf8) {
                terminal.output(line)
            }
        case .text:
            let number = String(report.step).leftPadded(to: 3)
            let mark = report.kind == "expect" ? (report.ok ? "  ✓" : "  ✗") : ""
            terminal.output("\(number)  \(report.kind.rightPadded(to: 8)) \(report.action)\(mark)")
            for note in report.notes { terminal.output("               \(note)") }
            for failure in report.failures { terminal.output("               ✗ \(failure)") }
            if report.kind != "expect" {
                var state =
                    "\(report.status) · \(report.accuracy) · prompt \(report.prompt) · delivered \(report.delivered)"
                if !report.diagnostics.isEmpty {
                    state += " · " + report.diagnostics.map(\.rawValue).joined(separator: ", ")
                }
                terminal.output("               → \(state)")
            }
        }
    }

    func footer(_ report: ScenarioReport, name: String) {
        guard format == .text else {
            for failed in report.failedSteps {
                Simulate.printError(
                    "step \(failed.step) (\(failed.kind) \(failed.action)) failed: "
                        + failed.failures.joined(separator: "; ")
                )
            }
            return
        }
        terminal.output("")
        if report.passed {
            terminal.output("All \(report.stepCount) steps passed.")
        } else {
            let failed = report.failedSteps
            terminal.output("\(failed.count) of \(report.stepCount) steps failed:")
            for step in failed {
                terminal.output(
                    "  step \(step.step) (\(step.kind) \(step.action)): \(step.failures.joined(separator: "; "))"
                )
            }
            terminal.output(
                "Fix the scenario's expectation, or the code it describes; --format json shows every step's state."
            )
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    func rightPadded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
