import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Regressions found in review: each would let more through than the person granted, or hang.
@Suite(.timeLimit(.minutes(5)))
struct ReviewRegressionTests {
    @Test("5: a temporary precise prompt leaves the screen when the app goes to the background; no grant starts there")
    func rule5PromptDismissedInBackground() async throws {
        let harness = await EngineHarness(answers: [.allowPrecise])
        await harness.authorize(always: true)
        await harness.engine.changeSettings(precise: false)
        let ticket = await harness.engine.submit(.temporaryFullAccuracy(purposeKey: "Navigation"))
        #expect(await harness.engine.presentedPrompt?.kind == .temporaryFullAccuracy)
        await harness.engine.handle(.background)
        #expect(await harness.engine.presentedPrompt == nil)
        guard case .success(.accuracy(let outcome)) = await harness.engine.result(of: ticket) else {
            Issue.record("the request did not complete with an accuracy outcome")
            return
        }
        #expect(outcome == AccuracyOutcome(accuracy: .reducedAccuracy, resolution: .ignored(.notInForeground)))
        for _ in 0..<100 { await Task.yield() }
        #expect(await harness.engine.authorization().accuracy == .reducedAccuracy)
    }

    @Test("3: Allow Once cannot be granted by a prompt answered after the app left the foreground")
    func rule3AllowOnceNotAfterBackground() async throws {
        let harness = await EngineHarness(answers: [.allowOnce(precise: true)])
        let ticket = await harness.engine.submit(.whenInUse)
        await harness.engine.handle(.background)
        _ = await harness.engine.result(of: ticket)
        for _ in 0..<100 { await Task.yield() }
        #expect(await harness.engine.authorization().status == .notDetermined)
        await harness.engine.handle(.foreground)
        #expect(await harness.engine.authorization().status == .notDetermined)
    }

    @Test("0: terminating takes the prompt off the screen; its request completes and the next launch can ask")
    func rule0TerminateDismissesPrompt() async throws {
        let harness = await EngineHarness(answers: [.dontAllow, .allowWhileUsing(precise: true)])
        let ticket = await harness.engine.submit(.whenInUse)
        await harness.engine.handle(.terminate)
        #expect(await harness.engine.isFinished(ticket))
        await harness.engine.handle(.launch)
        let again = try await harness.engine.requestWhenInUseAuthorization()
        #expect(again.resolution != .ignored(.requestInProgress))
        #expect(again.status != .notDetermined)
    }

    @Test("9: turning Precise off elsewhere reaches an Allow Once session at once")
    func rule9PreciseOffReachesAllowOnce() async throws {
        let store = InMemoryConsentStore()
        let harness = await EngineHarness(answers: [.allowOnce(precise: true)], store: store)
        _ = try await harness.engine.requestWhenInUseAuthorization()
        #expect(await harness.engine.authorization().accuracy == .fullAccuracy)
        await store.setGrant(Grant(decision: .notDetermined, precise: false), for: "com.example.test")
        await harness.engine.reloadGrant()
        #expect(await harness.engine.authorization().accuracy == .reducedAccuracy)
    }

    @Test("a source that ended is not restarted for the demand that remains (no busy loop)")
    func finishedSourceNotRestarted() async throws {
        let harness = await EngineHarness()
        await harness.authorize()
        try await harness.client.startMonitoring(Region(identifier: "r", center: fix().coordinate, radius: 50))
        #expect(harness.source.starts == 1)
        harness.source.finish()
        for _ in 0..<1_000 { await Task.yield() }
        #expect(harness.source.starts == 1)
        _ = await harness.client.liveUpdates()
        #expect(harness.source.starts == 2, "a new consumer starts it again")
    }

    @Test("under reduced accuracy, when the person stops or starts moving is not reported")
    func stillnessHiddenWhenReduced() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: false)
        var events = await harness.client.events().makeAsyncIterator()
        _ = await events.next()
        let updates = await harness.client.liveUpdates()
        for second in stride(from: 0.0, through: 300, by: 10) { await harness.source.send(fix(at: second)) }
        #expect(!(await harness.engine.diagnostics().contains(.stationary)))
        await harness.engine.changeSettings(servicesEnabled: false)
        var sawPause = false
        while let event = await events.next() {
            if event == .didPauseLocationUpdates { sawPause = true }
            if case .didChangeAuthorization(let authorization) = event, !authorization.servicesEnabled { break }
        }
        #expect(!sawPause)
        _ = updates
    }

    @Test("the test clock throws at once for a task cancelled before it sleeps")
    func testClockCancelledBeforeSleeping() async throws {
        let clock = TestClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        try await clock.checkSuspension()  // throws SuspensionError if the task sleeps on the clock
    }

    @Test("the indicator never draws an earlier precise fix as an approximate circle")
    @MainActor
    func indicatorAfterAccuracyDrops() async {
        let model = LocationPermissionModel(
            client: .simulated(os: await EngineHarness().engine, source: ScriptedSource())
        )
        let full = Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy)
        model.apply(LocationUpdate(location: fix(), diagnostics: [], authorization: full))
        #expect(model.indicator != .hidden)
        model.apply(Authorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy))
        #expect(model.indicator == .hidden)
    }
}
