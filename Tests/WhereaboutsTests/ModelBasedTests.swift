import Clocks
import Foundation
import Testing
import WhereaboutsTestSupport
import WhereaboutsTesting

@testable import Whereabouts

/// Random sequences of requests, prompt answers, lifecycle events, Settings changes and fixes, checked
/// after every step against ``ReferenceModel`` (DESIGN rules 0–9). Seeded and reproducible: a failure
/// prints its seed and steps; `WHEREABOUTS_MODEL_SEED=<seed> WHEREABOUTS_MODEL_SEQUENCES=1` replays it.
@Suite(.timeLimit(.minutes(10)))
struct ModelBasedTests {
    static let defaultSequences = 2_000
    static let stepsPerSequence = 40
    static let defaultSeed: UInt64 = 0x5745_4152_4142_4f55

    @Test("0–9: random sequences agree with the reference model of the rules")
    func randomSequencesFollowTheRules() async {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["WHEREABOUTS_MODEL_SEQUENCES"].flatMap { Int($0) } ?? Self.defaultSequences
        let base = environment["WHEREABOUTS_MODEL_SEED"].flatMap { UInt64($0) } ?? Self.defaultSeed
        let start = ContinuousClock.now  // the summary's timing only; no step depends on it
        var steps = 0
        var stats = ModelStats()
        var failures: [String] = []
        for index in 0..<count {
            let seed = base &+ UInt64(index)
            var run = await ModelRun(seed: seed)
            let outcome = await run.run(steps: Self.stepsPerSequence)
            steps += run.steps.count
            stats.add(run.stats)
            if let failure = outcome {
                failures.append(failure)
                if failures.count >= 3 { break }
            }
        }
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
        let elapsed = ContinuousClock.now - start
        print(
            "model-check: \(count) sequences, \(steps) steps, \(failures.isEmpty ? "passed" : "FAILED"), "
                + "seed \(base), \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds])))"
        )
        print("model-check coverage: \(stats)")
    }
}

/// The person: holds each prompt until the sequence answers it.
actor ModelPerson: PermissionPrompter {
    private var waiting: [Int: CheckedContinuation<PromptAnswer, Never>] = [:]
    private var early: [Int: PromptAnswer] = [:]

    func answer(_ prompt: PermissionPrompt) async -> PromptAnswer {
        if let answer = early.removeValue(forKey: prompt.id) { return answer }
        return await withCheckedContinuation { waiting[prompt.id] = $0 }
    }

    func respond(to id: Int, with answer: PromptAnswer) {
        if let continuation = waiting.removeValue(forKey: id) {
            continuation.resume(returning: answer)
        } else {
            early[id] = answer
        }
    }

    /// Declines what still waits (dismissed prompts), so that no task is left suspended.
    func declineAll() {
        let pending = waiting
        waiting.removeAll()
        early.removeAll()
        for continuation in pending.values { continuation.resume(returning: .dontAllow) }
    }
}

/// A synchronous, locked recorder of what one live-updates subscriber receives.
final class UpdateRecorder: @unchecked Sendable {
    // @unchecked: every field is read and written under `lock`.
    private let lock = NSLock()
    private var updates: [LocationUpdate] = []
    private var finishes = 0

    func receive(_ update: LocationUpdate) { lock.withLock { updates.append(update) } }
    func finish() { lock.withLock { finishes += 1 } }

    /// The updates received since the last call, and how many times the stream was finished.
    func take() -> ([LocationUpdate], Int) {
        lock.withLock {
            defer { updates = [] }
            return (updates, finishes)
        }
    }
}

/// How often the interesting cases came up, so that a passing run shows what it exercised.
struct ModelStats: CustomStringConvertible {
    var preciseFixes = 0, coarseFixes = 0, backgroundFixes = 0, oneShotFixes = 0
    var answers = 0, unfittingAnswers = 0, upgradePrompts = 0, revokesWhileSubscribed = 0, dismissed = 0

    mutating func add(_ other: ModelStats) {
        preciseFixes += other.preciseFixes
        coarseFixes += other.coarseFixes
        backgroundFixes += other.backgroundFixes
        oneShotFixes += other.oneShotFixes
        answers += other.answers
        unfittingAnswers += other.unfittingAnswers
        upgradePrompts += other.upgradePrompts
        revokesWhileSubscribed += other.revokesWhileSubscribed
        dismissed += other.dismissed
    }

    var description: String {
        "precise fixes \(preciseFixes), coarse fixes \(coarseFixes), background fixes \(backgroundFixes), "
            + "one-shot fixes \(oneShotFixes), answers \(answers) (\(unfittingAnswers) unfitting), "
            + "upgrade prompts \(upgradePrompts), revokes while subscribed \(revokesWhileSubscribed), "
            + "prompts dismissed \(dismissed)"
    }
}

struct ModelFailure: Error {
    var message: String
}

/// One sequence: an engine, the model, and the bookkeeping that checks one against the other.
struct ModelRun {
    let seed: UInt64
    var rng: SplitMix64
    let declarations: ModelDeclarations
    var model: ReferenceModel
    let engine: SimulatedOS
    let person = ModelPerson()
    let clock = TestClock()
    let recorder = UpdateRecorder()
    var steps: [String] = []
    var stats = ModelStats()

    var position = Coordinate(latitude: 48.8584, longitude: 2.2945)
    var fixTime = 0.0
    /// Every raw fix by its timestamp: a location describes the person at its timestamp, so a coarse
    /// location is judged against the raw fix with the same timestamp (under the rate limit a one-shot
    /// request is answered with the last coarse point, stamped with the fix it came from).
    var rawFixes: [Date: Location] = [:]
    /// Tickets not yet collected, with the model's expected result once it is due.
    var pending: [Int: ModelExpected?] = [:]
    var issued: [Int] = []
    var subscription: Int?
    var finishesSeen = 0
    /// The subscriber saw an unauthorized update and no authorization event since (rule 9).
    var revoked = false

    init(seed: UInt64) async {
        self.seed = seed
        rng = SplitMix64(seed: seed)
        declarations = ModelDeclarations(using: &rng)
        model = ReferenceModel(declarations: declarations)
        engine = await SimulatedOS(
            appID: "com.example.model",
            declarations: declarations.usageDescriptions,
            prompter: person,
            coarsener: Coarsener(secret: Coarsener.Secret(k0: seed, k1: ~seed)),
            clock: clock
        )
    }

    /// Runs the sequence; returns the failure message, or nil when every step agreed with the model.
    mutating func run(steps count: Int) async -> String? {
        // The reference model holds the authorization rules, not pausing: updates never pause here (pausing has
        // its own tests, in ManagerSettingsTests).
        try? await engine.set(LocationProperties.Change(pausesLocationUpdatesAutomatically: false))
        var failure: ModelFailure?
        do throws(ModelFailure) {
            if rng.chance(50) { try await perform(.startUpdates) }
            for _ in 0..<count {
                let step = model.nextStep(using: &rng, position: &position, fixTime: &fixTime)
                try await perform(step)
            }
            try await perform(.lifecycle(.terminate))
            try await finishCleanly()
        } catch {
            failure = error
        }
        await engine.handle(.terminate)
        await clock.advance(by: .seconds(11))
        await person.declineAll()
        guard let failure else { return nil }
        let numbered = steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
        return """
            model-based test failed: seed \(seed) (replay: WHEREABOUTS_MODEL_SEED=\(seed) \
            WHEREABOUTS_MODEL_SEQUENCES=1)
            declarations: \(declarations)
            steps:
            \(numbered)
            failure after step \(steps.count): \(failure.message)
            """
    }

    func fail(_ message: String) -> ModelFailure { ModelFailure(message: message) }

    // MARK: Steps

    mutating func perform(_ step: ModelStep) async throws(ModelFailure) {
        steps.append(step.description)
        let authorizationBefore = model.authorization
        let subscribedBefore = model.subscribed
        let deliveredBefore = await engine.deliveredCount
        var due: [(Int, ModelExpected)] = []
        var raw: Location?
        switch step {
        case .whenInUse:
            let ticket = await submit(.whenInUse)
            pending[ticket] = .some(model.requestWhenInUse(ticket: ticket))
        case .always:
            let ticket = await submit(.always)
            pending[ticket] = .some(model.requestAlways(ticket: ticket))
        case .temporary(let declared):
            let key = declared ? ModelDeclarations.declaredPurpose : ModelDeclarations.undeclaredPurpose
            let ticket = await submit(.temporaryFullAccuracy(purposeKey: key))
            pending[ticket] = .some(model.requestTemporary(declared: declared, ticket: ticket))
        case .requestLocation:
            let ticket = await submit(.location)
            pending[ticket] = .some(model.requestLocation(ticket: ticket))
        case .answer(let answer):
            guard let prompt = await engine.presentedPrompt else { throw fail("no prompt on screen to answer") }
            stats.answers += 1
            if answer.kind != prompt.kind { stats.unfittingAnswers += 1 }
            await person.respond(to: prompt.id, with: answer)
            await engine.waitForPrompt(prompt.id)
            due += model.answer(answer)
        case .lifecycle(let event):
            await engine.handle(event)
            due += model.apply(event)
            if event == .terminate { subscription = nil }
        case .settings(let status, let precise, let servicesEnabled, let restricted):
            await engine.changeSettings(
                status: status,
                precise: precise,
                servicesEnabled: servicesEnabled,
                restricted: restricted
            )
            model.settings(status: status, precise: precise, servicesEnabled: servicesEnabled, restricted: restricted)
        case .backgroundUpdates(let allowed):
            let threw: Bool
            do {
                try await engine.setAllowsBackgroundLocationUpdates(allowed)
                threw = false
            } catch {
                guard error.code == .backgroundModeMissing else { throw fail("allowsBackgroundUpdates threw \(error)") }
                threw = true
            }
            let accepted = model.setBackgroundUpdates(allowed)
            if threw == accepted {
                throw fail(
                    "allowsBackgroundUpdates(\(allowed)) \(threw ? "threw" : "did not throw"); the model "
                        + (accepted ? "accepts it" : "expects backgroundModeMissing (rule 8)")
                )
            }
        case .startSession:
            let running = await engine.startBackgroundSession()
            if running != model.startSession() { throw fail("background session running is \(running)") }
        case .stopSession:
            await engine.stopBackgroundSession()
            due += model.stopSession()
        case .startUpdates:
            let recorder = recorder
            _ = recorder.take()
            subscription = await engine.addSubscriber(
                receive: { recorder.receive($0) },
                finish: { _ in recorder.finish() }
            )
            model.subscribed = true
            revoked = false
        case .stopUpdates:
            if let subscription { await engine.removeSubscriber(subscription) }
            subscription = nil
            model.subscribed = false
        case .fix(let location):
            raw = location
            rawFixes[location.timestamp] = location
            await engine.ingest(.location(location))
            due += model.fixArrived()
        case .wait:
            await clock.advance(by: .seconds(11))
            await engine.fireDueTimers()
            due += model.timedOut()
        }
        let promptBefore = model.prompt != nil
        due += model.settle()
        if !promptBefore, model.prompt?.kind == .alwaysUpgrade { stats.upgradePrompts += 1 }
        if case .answer = step {
        } else if case .some(.authorization(.ignored(.notInForeground), nil)) = due.first?.1 {
            stats.dismissed += 1
        }
        for (ticket, expected) in due { pending[ticket] = expected }
        try await check(
            step: step,
            raw: raw,
            authorizationBefore: authorizationBefore,
            subscribedBefore: subscribedBefore,
            deliveredBefore: deliveredBefore
        )
    }

    private mutating func submit(_ request: SimulatedOS.Request) async -> Int {
        let ticket = await engine.submit(request)
        issued.append(ticket)
        return ticket
    }

    // MARK: Checks

    private mutating func check(
        step: ModelStep,
        raw: Location?,
        authorizationBefore: Authorization,
        subscribedBefore: Bool,
        deliveredBefore: Int
    ) async throws(ModelFailure) {
        // The engine's authorization and prompt match the model's.
        let expected = model.authorization
        let actual = await engine.authorization()
        if actual != expected { throw fail("authorization is \(actual), the model says \(expected)") }
        let prompt = await engine.presentedPrompt?.kind
        if prompt != model.prompt?.kind {
            throw fail(
                "prompt on screen is \(prompt.map(\.rawValue) ?? "none"), the model says "
                    + (model.prompt.map(\.kind.rawValue) ?? "none")
            )
        }

        // Rule 0: every ticket is finished when the model says it is due, and not before.
        for ticket in pending.keys.sorted() {
            let finished = await engine.isFinished(ticket)
            guard let due = pending[ticket] ?? nil else {
                if finished { throw fail("ticket \(ticket) finished, but the model says it still waits") }
                continue
            }
            guard finished else { throw fail("ticket \(ticket) hangs: the model expects \(due) now") }
            let result = await engine.result(of: ticket)
            pending[ticket] = nil
            try checkResult(ticket, result, due, raw: raw)
            if await engine.isFinished(ticket) { throw fail("ticket \(ticket) yielded a second result") }
        }

        // What the subscriber received in this step.
        let (updates, finishes) = recorder.take()
        if finishes != finishesSeen {
            if case .lifecycle(.terminate) = step, subscribedBefore, finishes == finishesSeen + 1 {
                finishesSeen = finishes
            } else {
                throw fail("live updates finished \(finishes - finishesSeen) times in this step")
            }
        }
        var located = 0
        for update in updates {
            if let location = update.location {
                located += 1
                if revoked { throw fail("a fix reached the app after a revoke, before any authorization event") }
                guard let raw else { throw fail("an update with a location outside a fix step") }
                if !update.authorization.status.isAuthorized {
                    throw fail("a fix carried the unauthorized \(update.authorization)")
                }
                if update.authorization != expected {
                    throw fail("a fix carried \(update.authorization), the model says \(expected)")
                }
                try checkPrecision(location, raw: raw, what: "live update")
                if expected.accuracy == .fullAccuracy { stats.preciseFixes += 1 } else { stats.coarseFixes += 1 }
                if model.app == .background { stats.backgroundFixes += 1 }
            } else if update.authorization.status.isAuthorized {
                revoked = false
            }
            if !update.authorization.status.isAuthorized { revoked = true }
        }
        if let raw, subscribedBefore, model.subscribed {
            if !model.mayDeliver && located > 0 {
                throw fail(
                    "\(located) fixes reached the app, which may not receive fixes now "
                        + "(status \(expected.status), app \(model.app), session \(model.session), "
                        + "background updates \(model.backgroundUpdates), provisional \(model.provisionalAlways))"
                )
            }
            if model.mayDeliver && expected.accuracy == .fullAccuracy && located != 1 {
                throw fail("\(located) precise fixes for the raw fix \(raw.coordinate), expected exactly one")
            }
            if located > 1 { throw fail("\(located) fixes for one raw fix") }
        } else if located > 0 {
            throw fail("\(located) fixes reached the app with no subscriber or no fix in this step")
        }

        if subscribedBefore && model.subscribed && authorizationBefore.status.isAuthorized
            && !expected.status.isAuthorized
        {
            stats.revokesWhileSubscribed += 1
        }

        // Rule 9: an authorization change reaches a subscriber as an event.
        if subscribedBefore && model.subscribed && authorizationBefore != expected,
            !updates.contains(where: { $0.location == nil && $0.authorization == expected })
        {
            throw fail("authorization changed to \(expected), but the subscriber received no event for it")
        }

        // Nothing is delivered while the model says not authorized or not in use.
        let delivered = await engine.deliveredCount
        if delivered != deliveredBefore && (raw == nil || !model.mayDeliver) {
            throw fail(
                "deliveredCount went from \(deliveredBefore) to \(delivered) while the model says the "
                    + "app may not receive fixes (\(expected), app \(model.app))"
            )
        }
    }

    private mutating func checkResult(
        _ ticket: Int,
        _ result: Result<SimulatedOS.RequestResult, LocationError>,
        _ expected: ModelExpected,
        raw: Location?
    ) throws(ModelFailure) {
        let ok: Bool
        switch (result, expected) {
        case (.success(.authorization(let outcome)), .authorization(let resolution, let status)):
            ok = outcome.resolution == resolution && (status == nil || status == outcome.status)
        case (.success(.accuracy(let outcome)), .accuracy(let resolution, let accuracy)):
            ok = outcome.resolution == resolution && (accuracy == nil || accuracy == outcome.accuracy)
        case (.failure(let error), .failure(let code)):
            ok = error.code == code
        case (.success(.location(let location)), .location):
            guard let raw else { throw fail("ticket \(ticket) returned a location outside a fix step") }
            try checkPrecision(location, raw: raw, what: "one-shot location (ticket \(ticket))")
            stats.oneShotFixes += 1
            ok = true
        default:
            ok = false
        }
        if !ok { throw fail("ticket \(ticket) returned \(describe(result)), the model expects \(expected)") }
    }

    /// Rule 6: never more precision than granted.
    private func checkPrecision(_ location: Location, raw: Location, what: String) throws(ModelFailure) {
        if model.authorization.accuracy == .fullAccuracy {
            if location != raw { throw fail("\(what) under full accuracy is \(location), not the raw fix \(raw)") }
            return
        }
        if location.speed != nil || location.course != nil || location.altitude != nil
            || location.verticalAccuracy != nil
        {
            throw fail("\(what) under reduced accuracy carries speed, course or altitude: \(location)")
        }
        guard let origin = rawFixes[location.timestamp] else {
            throw fail("\(what) under reduced accuracy has the timestamp of no raw fix: \(location)")
        }
        let distance = location.coordinate.distance(to: origin.coordinate)
        if distance < 1_000 {
            throw fail(
                "\(what) under reduced accuracy is \(Int(distance)) m from the raw fix of its time "
                    + "\(origin.coordinate) (less than 1 km): \(location.coordinate)"
            )
        }
        _ = raw
        if location.horizontalAccuracy < 1_000 {
            throw fail("\(what) under reduced accuracy claims ±\(location.horizontalAccuracy) m")
        }
    }

    private func describe(_ result: Result<SimulatedOS.RequestResult, LocationError>) -> String {
        switch result {
        case .success(.authorization(let outcome)): "authorization \(outcome.status) (\(outcome.resolution))"
        case .success(.accuracy(let outcome)): "accuracy \(outcome.accuracy) (\(outcome.resolution))"
        case .success(.location(let location)): "location \(location.coordinate)"
        case .failure(let error): "error \(error.code)"
        }
    }

    /// After the final terminate: every ticket finished, each result taken exactly once.
    private func finishCleanly() async throws(ModelFailure) {
        if let ticket = pending.keys.min() { throw fail("ticket \(ticket) never finished") }
        for ticket in issued where await engine.isFinished(ticket) {
            throw fail("ticket \(ticket) has a result again after it was collected")
        }
    }
}
