import Clocks
import Foundation
public import Whereabouts

/// Runs a ``Scenario`` against a real `SimulatedOS`, step by step, on a test clock.
///
/// Each step completes before the next starts: a request either completes or leaves its
/// prompt on screen, a fix is handled before the runner moves on, and `wait` advances the
/// test clock and fires what came due. The same scenario therefore always gives the same
/// report.
///
/// ```swift
/// let scenario = try Scenario(contentsOf: URL(filePath: "flows/denied.json"))
/// let report = await ScenarioRunner(scenario).run()
/// #expect(report.passed, "\(report.failedSteps)")
/// ```
public struct ScenarioRunner: Sendable {
    /// The scenario to run.
    public var scenario: Scenario
    /// The Coarsener's secret: fixed by default so that reports are reproducible.
    public var coarsenerSecret: Coarsener.Secret

    /// Creates a runner.
    ///
    /// - Parameters:
    ///   - scenario: The scenario.
    ///   - coarsenerSecret: The install secret for approximate fixes.
    public init(_ scenario: Scenario, coarsenerSecret: Coarsener.Secret = Coarsener.Secret(k0: 0x5eed, k1: 0xc0a25e)) {
        self.scenario = scenario
        self.coarsenerSecret = coarsenerSecret
    }

    /// Runs every step, reporting each as it completes.
    ///
    /// A long scenario (a track of 100,000 fixes) need not keep every step's report: a caller that prints each
    /// step as it comes, as `whereabouts simulate` does, keeps only the failed ones, and the run's memory does not
    /// grow with the steps that passed.
    ///
    /// - Parameters:
    ///   - keepingPassedSteps: Whether the returned report holds the steps that passed too (the default), or only
    ///     the failed ones; ``ScenarioReport/stepCount`` counts them all either way.
    ///   - onStep: Called with each step's report, in order.
    /// - Returns: The reports kept.
    public func run(
        keepingPassedSteps: Bool = true,
        onStep: (StepReport) -> Void = { _ in }
    ) async -> ScenarioReport {
        let run = await Run(scenario: scenario, secret: coarsenerSecret)
        await run.engine.attach(run.source)
        await run.listen()
        var reports: [StepReport] = []
        for (offset, step) in scenario.steps.enumerated() {
            let report = await run.perform(step, number: offset + 1)
            if keepingPassedSteps || !report.ok { reports.append(report) }
            onStep(report)
        }
        await run.finish()
        return ScenarioReport(steps: reports, stepCount: scenario.steps.count)
    }
}

/// The state of one run of a scenario.
final class Run: Sendable {
    let engine: SimulatedOS
    let source = ScenarioSource()
    /// The source of the client the app's monitors and geofences use.
    let monitorSource = BroadcastSource()
    let clock: TestClock<Duration>
    /// The clock's time when the run started: a fix's timestamp is ``Scenario/epoch`` plus the time since.
    let start: TestClock<Duration>.Instant
    let person = ScenarioPerson()
    let state = RunState()

    init(scenario: Scenario, secret: Coarsener.Secret) async {
        let clock = TestClock()
        self.clock = clock
        start = clock.now
        engine = await SimulatedOS(
            appID: scenario.appID,
            declarations: scenario.info,
            prompter: person,
            device: scenario.device,
            coarsener: Coarsener(secret: secret),
            clock: clock,
            platform: scenario.platform
        )
    }

    func perform(_ step: Scenario.Step, number: Int) async -> StepReport {
        var notes: [String] = []
        var failures: [String] = []
        let deliveredBefore = await engine.deliveredCount
        let pausedBefore = await engine.isPaused
        let launchBefore = await launchSnapshot()
        let monitorEventsBefore = monitorEventCounts
        state.announcedPrompt = await engine.presentedPrompt?.id
        let (kind, action) = Self.describe(step)
        switch step {
        case .do(let action):
            await appMakesItsManager(notes: &notes)
            await perform(action, notes: &notes)
        case .person(.tapLocationButton, let precise):
            if precise != nil { notes.append("\"precise\" applies to the first prompt only and was ignored") }
            await tapLocationButton(notes: &notes)
        case .person(let answer, let precise):
            await respond(answer, precise: precise, notes: &notes, failures: &failures)
        case .app(let event):
            await engine.handle(event)
            if event == .background, await engine.appState == .foreground {
                notes.append("a \(engine.platform.displayName) app is not sent to the background: it stays in use")
            }
            if event == .terminate {
                state.subscription = nil
                await monitorsEndWithTheApp()
            } else if event == .launch || event == .foreground {
                await listen()
            }
        case .launchInBackground(let reason):
            await launch(for: reason, notes: &notes)
        case .settings(let change):
            await engine.changeSettings(
                status: change.status,
                precise: change.precise,
                servicesEnabled: change.servicesEnabled,
                restricted: change.restricted
            )
        case .fix(var location):
            let elapsed = start.duration(to: clock.now)
            location.timestamp = Scenario.epoch.addingTimeInterval(elapsed / .seconds(1))
            let monitorsRead = monitorSource.yield(.location(location))
            if !(await source.send(.location(location), to: engine)), !monitorsRead {
                notes.append("nothing needs fixes now (no updates, request, region or visits), so none is read")
            }
        case .wait(let duration):
            await clock.advance(by: duration)
            await engine.fireDueTimers()
        case .expect(let expectation):
            failures += await check(expectation)
        }
        await settleMonitors()
        noteMonitorEvents(since: monitorEventsBefore, notes: &notes)
        await collectResults(notes: &notes)
        if let prompt = await engine.presentedPrompt, prompt.id != state.announcedPrompt {
            // A prompt no request of this step showed: a queued request's, or a service session's.
            notes.append("prompt \(prompt.kind.rawValue): \(prompt.title) “\(prompt.message)”")
        }
        await noteLaunchChanges(since: launchBefore, notes: &notes)
        let paused = await engine.isPaused
        if paused != pausedBefore {
            let ended = step == .app(.terminate)
            notes.append(
                paused
                    ? "updates paused (the device stood still)"
                    : ended ? "updates ended with the app" : "updates resumed"
            )
        }
        let delivered = await engine.deliveredCount
        if delivered > deliveredBefore, let last = await engine.lastDelivered {
            let precise = await engine.lastDeliveredPrecise ?? false
            notes.append(
                "app received \(last.coordinate) ±\(String(format: "%.0f", last.horizontalAccuracy)) m "
                    + (precise ? "(precise)" : "(approximate)")
            )
        }
        return await snapshot(number: number, kind: kind, action: action, notes: notes, failures: failures)
    }

    private func perform(_ action: Scenario.Action, notes: inout [String]) async {
        switch action {
        case .requestWhenInUse: await submit(.whenInUse, notes: &notes)
        case .requestAlways: await submit(.always, notes: &notes)
        case .requestTemporaryFullAccuracy(let key):
            await submit(.temporaryFullAccuracy(purposeKey: key), notes: &notes)
        case .requestLocation: await submit(.location, notes: &notes)
        case .startUpdates:
            if let running = state.subscription {
                guard await engine.isPaused else { return notes.append("updates already running") }
                // Starting updates again is what ends a pause: a new live-updates stream replaces the paused one.
                state.subscription = nil
                await listen()
                await engine.removeSubscriber(running)
                if await engine.isPaused {
                    notes.append("updates stay paused: they paused in the background under When In Use (rule 14)")
                }
                return
            }
            state.wantsUpdates = true
            await listen()
        case .stopUpdates:
            state.wantsUpdates = false
            guard let id = state.subscription else { return notes.append("updates were not running") }
            state.subscription = nil
            await engine.removeSubscriber(id)
        case .allowBackgroundUpdates:
            do { try await engine.setAllowsBackgroundLocationUpdates(true) } catch { record(error, notes: &notes) }
        case .startBackgroundSession:
            if !(await engine.startBackgroundSession()) {
                notes.append("no session: a background session must be started in the foreground")
            }
        case .stopBackgroundSession:
            await engine.stopBackgroundSession()
        case .startMonitoringRegion(let region):
            do {
                try await engine.startMonitoring(region)
                let count = await engine.monitoredRegions().count
                notes.append("monitoring region \(region.identifier) (\(Self.regions(count)))")
            } catch { record(error, notes: &notes) }
        case .stopMonitoringRegion(let id):
            guard let region = await engine.monitoredRegions().first(where: { $0.identifier == id }) else {
                return notes.append("no region \(id) was monitored")
            }
            await engine.stopMonitoring(region)
            notes.append("stopped monitoring region \(id) (\(Self.regions(await engine.monitoredRegions().count)))")
        case .set(let change):
            do {
                try await engine.set(change)
                notes.append("set " + Scenario.Action.describe(change))
            } catch { record(error, notes: &notes) }
        case .startSignificantChanges:
            await engine.startMonitoringSignificantLocationChanges()
            notes.append("significant-change monitoring started")
            await noteNotAuthorized(notes: &notes)
        case .stopSignificantChanges:
            await engine.stopMonitoringSignificantLocationChanges()
            notes.append("significant-change monitoring stopped")
        case .startMonitoringVisits:
            do {
                try await engine.startMonitoringVisits()
                notes.append("visit monitoring started")
            } catch { record(error, notes: &notes) }
        case .stopMonitoringVisits:
            await engine.stopMonitoringVisits()
            notes.append("visit monitoring stopped")
        case .startServiceSession(let authorization, let key):
            let session = await engine.startServiceSession(authorization: authorization, fullAccuracyPurposeKey: key)
            state.sessions.append(session)
            let purpose = key.map { " with fullAccuracyPurposeKey \($0)" } ?? ""
            notes.append("session \(authorization) started\(purpose) (\(Self.sessions(state.sessions.count)) held)")
        case .openMonitor, .closeMonitor, .addCondition, .removeCondition, .startGeofences, .stopGeofences:
            await perform(monitorAction: action, notes: &notes)
        case .stopServiceSession:
            let held = state.sessions
            state.sessions = []
            guard !held.isEmpty else { return notes.append("no service session was running") }
            for session in held { await session.invalidate() }
            notes.append("\(Self.sessions(held.count)) ended")
        }
    }

    /// Notes that a service the app started delivers nothing until the app is authorized.
    private func noteNotAuthorized(notes: inout [String]) async {
        let now = await engine.authorization()
        guard !now.status.isAuthorized, now.status != .notDetermined else { return }
        notes.append("not authorized (\(now.status)): the app hears didFailWithError; fixes come once authorized")
    }

    static func regions(_ count: Int) -> String { count == 1 ? "1 region" : "\(count) regions" }
    static func sessions(_ count: Int) -> String { count == 1 ? "1 session" : "\(count) sessions" }

    private func submit(_ request: SimulatedOS.Request, notes: inout [String]) async {
        let ticket = await engine.submit(request)
        state.pending.append(ticket)
        if let prompt = await engine.presentedPrompt, !(await engine.isFinished(ticket)) {
            if prompt.id == state.announcedPrompt {
                return notes.append("the \(prompt.kind.rawValue) prompt is on screen: the request waits for its answer")
            }
            state.announcedPrompt = prompt.id
            notes.append("prompt \(prompt.kind.rawValue): \(prompt.title) “\(prompt.message)”")
        }
    }

    /// The person taps the app's Location Button: like a request, its result is collected once it is decided.
    private func tapLocationButton(notes: inout [String]) async {
        let before = await engine.presentedPrompt?.id
        await submit(.locationButtonTap, notes: &notes)
        if await engine.presentedPrompt?.id == before { notes.append("the person tapped the location button") }
    }

    private func record(_ error: LocationError, notes: inout [String]) {
        state.result = error.code.rawValue
        notes.append("error \(error.code): \(error)")
    }

    private func respond(
        _ answer: Scenario.Answer,
        precise: Bool?,
        notes: inout [String],
        failures: inout [String]
    ) async {
        guard let prompt = await engine.presentedPrompt else {
            return failures.append("the person answers \(answer.rawValue), but no prompt is showing")
        }
        let given: PromptAnswer =
            switch answer {
            case .allowOnce: .allowOnce(precise: precise ?? prompt.preciseByDefault)
            case .allowWhileUsing: .allowWhileUsing(precise: precise ?? prompt.preciseByDefault)
            case .dontAllow: .dontAllow
            case .changeToAlways: .changeToAlways
            case .keepWhileUsing: .keepWhileUsing
            case .allowPrecise: .allowPrecise
            case .dontAllowPrecise: .dontAllowPrecise
            case .allowLocationButton: .allowLocationButton
            case .dontAllowLocationButton, .tapLocationButton: .dontAllowLocationButton
            }
        guard given.kind == prompt.kind else {
            return failures.append(
                "the person answers \(answer.rawValue), an answer to a \(given.kind.rawValue) "
                    + "prompt, but the prompt showing is \(prompt.kind.rawValue)"
            )
        }
        if precise != nil && prompt.kind != .whenInUse {
            notes.append("\"precise\" applies to the first prompt only and was ignored")
        }
        await person.respond(to: prompt.id, with: given)
        await engine.waitForPrompt(prompt.id)
    }

    private func collectResults(notes: inout [String]) async {
        var still: [Int] = []
        for ticket in state.pending {
            guard await engine.isFinished(ticket) else {
                still.append(ticket)
                continue
            }
            switch await engine.result(of: ticket) {
            case .success(.authorization(let outcome)):
                state.result = outcome.status.description
                notes.append("request returned \(outcome.status) (\(outcome.resolution))")
            case .success(.accuracy(let outcome)):
                state.result = outcome.accuracy.description
                notes.append("request returned \(outcome.accuracy) (\(outcome.resolution))")
            case .success(.location(let location)):
                state.result = "location"
                notes.append("requestLocation returned \(location.coordinate)")
            case .failure(let error):
                record(error, notes: &notes)
            }
        }
        state.pending = still
    }

    private func check(_ expectation: Scenario.Expectation) async -> [String] {
        var failures: [String] = []
        let authorization = await engine.authorization()
        let prompt = await engine.presentedPrompt?.kind.rawValue ?? "none"
        let delivered = await engine.deliveredCount
        let precise = await engine.lastDeliveredPrecise
        let diagnostics = await engine.diagnostics()
        let sessionDiagnostics = await engine.serviceSessionDiagnostics
        if let status = expectation.status, status != authorization.status {
            failures.append("status is \(authorization.status), expected \(status)")
        }
        if let accuracy = expectation.accuracy, accuracy != authorization.accuracy {
            failures.append("accuracy is \(authorization.accuracy), expected \(accuracy)")
        }
        if let expected = expectation.prompt, expected != prompt {
            failures.append("prompt is \(prompt), expected \(expected)")
        }
        if let expected = expectation.result, expected != state.result {
            failures.append("result is \(state.result ?? "none (no request completed yet)"), expected \(expected)")
        }
        if let expected = expectation.delivered, expected != delivered {
            failures.append("delivered is \(delivered), expected \(expected)")
        }
        if let expected = expectation.lastFixPrecise {
            if let precise {
                if precise != expected { failures.append("lastFixPrecise is \(precise), expected \(expected)") }
            } else {
                failures.append("lastFixPrecise: the app has received no fix yet, expected \(expected)")
            }
        }
        // A diagnostic is present when it holds for live updates or for any service session the scenario holds.
        for diagnostic in expectation.diagnostics ?? []
        where !diagnostics.contains(diagnostic) && !sessionDiagnostics.contains(where: { $0.contains(diagnostic) }) {
            let present = Self.names(diagnostics)
            let sessions = sessionDiagnostics.map { "[\(Self.names($0))]" }.joined(separator: ", ")
            failures.append(
                "diagnostic \(diagnostic.rawValue) is missing (present: \(present)"
                    + (sessionDiagnostics.isEmpty ? ")" : "; in service sessions: \(sessions))")
            )
        }
        failures += await checkServices(expectation)
        failures += await checkLaunch(expectation)
        failures += await checkMonitors(expectation)
        return failures
    }

    /// Checks `lastLocation`, `monitoredRegions` and `paused`.
    private func checkServices(_ expectation: Scenario.Expectation) async -> [String] {
        var failures: [String] = []
        if let expected = expectation.lastLocation {
            let actual = await engine.location()
            switch (expected, actual) {
            case (.noLocation, nil): break
            case (.noLocation, let location?):
                failures.append("lastLocation is \(Self.degrees(location.coordinate)), expected none")
            case (.coordinate(let coordinate), nil):
                failures.append("lastLocation is none, expected \(Self.degrees(coordinate))")
            case (.coordinate(let coordinate), let location?):
                if abs(location.coordinate.latitude - coordinate.latitude) > 1e-6
                    || abs(location.coordinate.longitude - coordinate.longitude) > 1e-6
                {
                    failures.append(
                        "lastLocation is \(Self.degrees(location.coordinate)), expected \(Self.degrees(coordinate)) "
                            + "(within 1e-6°)"
                    )
                }
            }
        }
        if let expected = expectation.monitoredRegions {
            let count = await engine.monitoredRegions().count
            if count != expected { failures.append("monitoredRegions is \(count), expected \(expected)") }
        }
        if let expected = expectation.paused {
            let paused = await engine.isPaused
            if paused != expected { failures.append("paused is \(paused), expected \(expected)") }
        }
        return failures
    }

    /// A coordinate to the millionth of a degree, the precision `lastLocation` is checked to.
    static func degrees(_ coordinate: Coordinate) -> String {
        String(format: "%.6f, %.6f", coordinate.latitude, coordinate.longitude)
    }

    static func names(_ diagnostics: Set<Diagnostic>) -> String {
        diagnostics.isEmpty ? "none" : diagnostics.map(\.rawValue).sorted().joined(separator: ", ")
    }

    private func snapshot(
        number: Int,
        kind: String,
        action: String,
        notes: [String],
        failures: [String]
    ) async -> StepReport {
        let authorization = await engine.authorization()
        return StepReport(
            step: number,
            kind: kind,
            action: action,
            notes: notes,
            status: authorization.status,
            accuracy: authorization.accuracy,
            prompt: await engine.presentedPrompt?.kind.rawValue ?? "none",
            result: state.result,
            delivered: await engine.deliveredCount,
            lastFixPrecise: await engine.lastDeliveredPrecise,
            diagnostics: await engine.diagnostics().sorted { $0.rawValue < $1.rawValue },
            failures: failures
        )
    }

    /// The scenario's app listens for live updates from launch (as an app showing a map does)
    /// until `stopUpdates`, and again after `startUpdates` or a relaunch.
    func listen() async {
        guard state.wantsUpdates, state.subscription == nil, await engine.appState != .notRunning else { return }
        state.subscription = await engine.addSubscriber(receive: { _ in }, finish: { _ in })
    }

    func finish() async {
        if let id = state.subscription { await engine.removeSubscriber(id) }
        for session in state.sessions { await session.invalidate() }
        state.sessions = []
        await engine.handle(.terminate)
        await person.declineAll()
        source.finish()
    }

    static func describe(_ step: Scenario.Step) -> (String, String) {
        switch step {
        case .do(let action): ("do", action.description)
        case .person(let answer, let precise):
            ("person", answer.rawValue + (precise.map { " (precise \($0 ? "on" : "off"))" } ?? ""))
        case .app(let event): ("app", event.rawValue)
        case .launchInBackground(let reason): ("app", "launchInBackground \(reason.rawValue)")
        case .settings(let change):
            (
                "settings",
                [
                    change.status.map { "status \($0)" },
                    change.precise.map { "precise \($0 ? "on" : "off")" },
                    change.servicesEnabled.map { "location services \($0 ? "on" : "off")" },
                    change.restricted.map { "restricted \($0)" },
                ].compactMap { $0 }.joined(separator: ", ")
            )
        case .fix(let location):
            ("fix", "\(location.coordinate) ±\(String(format: "%.0f", location.horizontalAccuracy)) m")
        case .wait(let duration): ("wait", "\(String(format: "%g", (duration / .seconds(1)))) s")
        case .expect(let expectation): ("expect", describe(expectation))
        }
    }

    static func describe(_ expectation: Scenario.Expectation) -> String {
        [
            expectation.status.map { "status \($0)" },
            expectation.accuracy.map { "accuracy \($0)" },
            expectation.prompt.map { "prompt \($0)" },
            expectation.result.map { "result \($0)" },
            expectation.delivered.map { "delivered \($0)" },
            expectation.lastFixPrecise.map { "lastFixPrecise \($0)" },
            expectation.diagnostics.map { "diagnostics \($0.map(\.rawValue).joined(separator: ","))" },
            expectation.lastLocation.map { "lastLocation \($0)" },
            expectation.monitoredRegions.map { "monitoredRegions \($0)" },
            expectation.paused.map { "paused \($0)" },
            expectation.appState.map { "appState \($0.rawValue)" },
            expectation.launchReason.map { "launchReason \($0)" },
            expectation.launchEvent.map { "launchEvent \($0)" },
        ].compactMap { $0 }.joined(separator: ", ")
    }
}

/// The runner's own bookkeeping, touched only from the runner's task.
final class RunState: @unchecked Sendable {
    // @unchecked: a Run performs its steps one after another from a single task.
    var pending: [Int] = []
    var result: String?
    var subscription: Int?
    var wantsUpdates = true
    /// The service sessions the scenario started and holds, by start order.
    var sessions: [ServiceSession] = []
    /// The app's condition monitors and geofences, and what they brought.
    let monitors = Run.MonitorState()
    /// The prompt on screen when the step started, or the one a request of the step showed and noted.
    var announcedPrompt: Int?
}
