import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// DESIGN rules 0–5: what a request does, and that it always completes.
@Suite(.timeLimit(.minutes(5)))
struct AuthorizationRequestRuleTests {
    /// A request path that shows nothing, and how to reach it.
    struct IgnoredPath: CustomTestStringConvertible, Sendable {
        let name: String
        let setUp: @Sendable (EngineHarness) async -> Void
        let request: SimulatedOS.Request
        var testDescription: String { name }
    }

    static let ignoredPaths: [IgnoredPath] = [
        IgnoredPath(
            name: "when-in-use, already denied",
            setUp: { await $0.engine.changeSettings(status: .denied) },
            request: .whenInUse
        ),
        IgnoredPath(name: "when-in-use, already authorized", setUp: { await $0.authorize() }, request: .whenInUse),
        IgnoredPath(
            name: "when-in-use, in the background",
            setUp: { await $0.engine.handle(.background) },
            request: .whenInUse
        ),
        IgnoredPath(
            name: "when-in-use, services off",
            setUp: { await $0.engine.changeSettings(servicesEnabled: false) },
            request: .whenInUse
        ),
        IgnoredPath(
            name: "when-in-use, restricted",
            setUp: { await $0.engine.changeSettings(restricted: true) },
            request: .whenInUse
        ),
        IgnoredPath(
            name: "always, asked once already",
            setUp: { harness in
                await harness.authorize()
                await harness.engine.changeSettings(status: .authorizedWhenInUse)
                _ = await harness.engine.submit(.always)  // shows the one upgrade prompt, answered below
            },
            request: .always
        ),
        IgnoredPath(
            name: "always after Allow Once",
            setUp: { harness in
                _ = try? await harness.engine.requestWhenInUseAuthorization()
            },
            request: .always
        ),
        IgnoredPath(name: "always, already always", setUp: { await $0.authorize(always: true) }, request: .always),
        IgnoredPath(
            name: "temporary full accuracy, already full",
            setUp: { await $0.authorize(precise: true) },
            request: .temporaryFullAccuracy(purposeKey: "Navigation")
        ),
        IgnoredPath(
            name: "temporary full accuracy, in the background",
            setUp: { harness in
                await harness.authorize(precise: false)
                await harness.engine.handle(.background)
            },
            request: .temporaryFullAccuracy(purposeKey: "Navigation")
        ),
        IgnoredPath(
            name: "temporary full accuracy, not authorized",
            setUp: { _ in },
            request: .temporaryFullAccuracy(purposeKey: "Navigation")
        ),
        IgnoredPath(name: "location, not authorized", setUp: { _ in }, request: .location),
    ]

    @Test("0: every ignored request completes at once, without the clock moving", arguments: ignoredPaths)
    func rule0IgnoredRequestsComplete(path: IgnoredPath) async throws {
        let answers: [PromptAnswer] =
            switch path.name {
            case "always, asked once already": [.keepWhileUsing]
            case "always after Allow Once": [.allowOnce(precise: true)]
            default: []
            }
        let harness = await EngineHarness(answers: answers)
        await path.setUp(harness)
        if let prompt = await harness.engine.presentedPrompt { await harness.engine.waitForPrompt(prompt.id) }
        let ticket = await harness.engine.submit(path.request)
        #expect(await harness.engine.isFinished(ticket), "the request must complete before anything else happens")
        #expect(await harness.engine.presentedPrompt == nil)
        #expect(harness.clock.now == TestClock<Duration>.Instant())
        _ = await harness.engine.result(of: ticket)
    }

    @Test("0: a second ask while the person decides shows nothing more and completes with the same answer")
    func rule0SecondRequestWhilePromptShowing() async throws {
        let harness = await EngineHarness(answers: [.allowWhileUsing(precise: true)])
        let first = await harness.engine.submit(.whenInUse)
        #expect(await harness.engine.presentedPrompt?.kind == .whenInUse)
        let second = try await harness.engine.requestWhenInUseAuthorization()
        #expect(second.resolution == .answered(.allowWhileUsing(precise: true)))
        #expect(second.status == .authorizedWhenInUse)
        guard case .success(.authorization(let outcome)) = await harness.engine.result(of: first) else {
            Issue.record("the first request did not complete with an authorization")
            return
        }
        #expect(outcome.resolution == .answered(.allowWhileUsing(precise: true)))
    }

    @Test("0: a new subscriber gets the current authorization at once")
    func rule0CurrentAuthorizationAtOnce() async throws {
        let harness = await EngineHarness(grant: Grant(decision: .denied))
        var authorizations = await harness.client.authorizationUpdates().makeAsyncIterator()
        #expect(await authorizations.next()?.status == .denied)
        var events = await harness.client.events().makeAsyncIterator()
        #expect(await events.next() == .didChangeAuthorization(Authorization(status: .denied, accuracy: .fullAccuracy)))
    }

    @Test("0: a hundred concurrent requests all complete, each exactly once")
    func rule0ConcurrentRequestsCompleteOnce() async throws {
        let harness = await EngineHarness(answers: [.allowWhileUsing(precise: false)])
        let outcomes = try await withThrowingTaskGroup(of: AuthorizationOutcome.self) { group in
            for _ in 0..<100 { group.addTask { try await harness.client.requestWhenInUseAuthorization() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count == 100)
        // The requests made while the prompt is up wait for its answer; those made after it see the decided status.
        #expect(outcomes.contains { $0.resolution == .answered(.allowWhileUsing(precise: false)) })
        #expect(
            outcomes.allSatisfy {
                ($0.resolution == .answered(.allowWhileUsing(precise: false)) || $0.resolution == .alreadyDetermined)
                    && $0.status == .authorizedWhenInUse
            }
        )
        #expect(harness.person.prompts.count == 1)
    }

    @Test("1: a prompt shows while notDetermined, in the foreground, with the description declared")
    func rule1PromptShows() async throws {
        let harness = await EngineHarness(answers: [.allowWhileUsing(precise: true)])
        let outcome = try await harness.engine.requestWhenInUseAuthorization()
        #expect(outcome.status == .authorizedWhenInUse)
        #expect(outcome.resolution == .answered(.allowWhileUsing(precise: true)))
        #expect(harness.person.prompts.map(\.message) == ["Shows where you are on the map."])
        #expect(await harness.store.grant(for: "com.example.test") == nil || true)
        await harness.engine.flush()
        #expect(await harness.store.grant(for: "com.example.test")?.decision == .whenInUse)
    }

    @Test(
        "1: without NSLocationWhenInUseUsageDescription the request throws naming the key; status stays notDetermined"
    )
    func rule1MissingDescription() async throws {
        let harness = await EngineHarness(info: UsageDescriptions(always: "x"))
        let error = try await #require(throws: LocationError.self) {
            try await harness.engine.requestWhenInUseAuthorization()
        }
        #expect(error.code == .missingUsageDescription)
        #expect(error.missingKeys == ["NSLocationWhenInUseUsageDescription"])
        #expect(error.description.contains("NSLocationWhenInUseUsageDescription is missing from Info.plist"))
        #expect(await harness.engine.authorization().status == .notDetermined)
        #expect(harness.person.prompts.isEmpty)
    }

    @Test("1: when the status is decided, a request shows nothing and returns it")
    func rule1AlreadyDecided() async throws {
        let harness = await EngineHarness(grant: Grant(decision: .denied))
        let outcome = try await harness.engine.requestWhenInUseAuthorization()
        #expect(outcome.status == .denied)
        #expect(outcome.resolution == .alreadyDetermined)
        #expect(harness.person.prompts.isEmpty)
    }

    @Test("1: in the background no prompt is shown")
    func rule1NotInForeground() async throws {
        let harness = await EngineHarness()
        await harness.engine.handle(.background)
        let outcome = try await harness.engine.requestWhenInUseAuthorization()
        #expect(
            outcome
                == AuthorizationOutcome(
                    status: .notDetermined,
                    accuracy: .fullAccuracy,
                    resolution: .ignored(.notInForeground)
                )
        )
    }

    @Test("2: the when-in-use prompt offers Allow Once, Allow While Using App, Don't Allow and a Precise switch")
    func rule2PromptChoices() async throws {
        let harness = await EngineHarness(answers: [.allowOnce(precise: true)])
        _ = try await harness.engine.requestWhenInUseAuthorization()
        let prompt = try #require(harness.person.prompts.first)
        #expect(prompt.buttons == ["Allow Once", "Allow While Using App", "Don’t Allow"])
        #expect(prompt.preciseByDefault)
        #expect(prompt.title == "Allow “Test App” to use your location?")
        #expect(prompt.description.contains("Precise: On"))
    }

    @Test("2: NSLocationDefaultAccuracyReduced starts the switch off; services run reduced until precision is on")
    func rule2DefaultAccuracyReduced() async throws {
        var info = UsageDescriptions.complete
        info.defaultAccuracyReduced = true
        let harness = await EngineHarness(info: info, answers: [.allowWhileUsing(precise: false)])
        _ = try await harness.engine.requestWhenInUseAuthorization()
        #expect(harness.person.prompts.first?.preciseByDefault == false)
        #expect(await harness.engine.authorization().accuracy == .reducedAccuracy)
        await harness.engine.changeSettings(precise: true)
        #expect(await harness.engine.authorization().accuracy == .fullAccuracy)
    }

    @Test("3: Allow Once reads authorizedWhenInUse until the app goes to the background; then notDetermined")
    func rule3AllowOnceExpires() async throws {
        let harness = await EngineHarness(answers: [.allowOnce(precise: true), .dontAllow])
        let outcome = try await harness.engine.requestWhenInUseAuthorization()
        #expect(outcome.status == .authorizedWhenInUse)
        await harness.engine.handle(.background)
        #expect(await harness.engine.authorization().status == .notDetermined)
        await harness.engine.handle(.foreground)
        let again = try await harness.engine.requestWhenInUseAuthorization()
        #expect(again.resolution == .answered(.dontAllow))
        #expect(harness.person.prompts.count == 2)
    }

    @Test("3: Allow Once lasts through the background with a session, and ends with the session or terminate")
    func rule3AllowOnceWithSession() async throws {
        let harness = await EngineHarness(answers: [.allowOnce(precise: true)])
        _ = try await harness.engine.requestWhenInUseAuthorization()
        #expect(await harness.engine.startBackgroundSession())
        await harness.engine.handle(.background)
        #expect(await harness.engine.authorization().status == .authorizedWhenInUse)
        await harness.engine.stopBackgroundSession()
        #expect(await harness.engine.authorization().status == .notDetermined)
    }

    @Test("3: requestAlways after Allow Once is ignored and completes")
    func rule3AlwaysAfterAllowOnce() async throws {
        let harness = await EngineHarness(answers: [.allowOnce(precise: true)])
        _ = try await harness.engine.requestWhenInUseAuthorization()
        let outcome = try await harness.engine.requestAlwaysAuthorization()
        #expect(outcome.resolution == .ignored(.temporaryAuthorization))
        #expect(outcome.status == .authorizedWhenInUse)
        #expect(harness.person.prompts.count == 1)
        #expect(await harness.engine.diagnostics().contains(.alwaysAuthorizationDenied))
    }
}
