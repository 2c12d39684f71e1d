import Clocks
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Rule 12 on the engine: a service session asks when a prompt is due, once each time the app comes into use, and
/// its diagnostics say what stands in the way.
struct ServiceSessionRuleTests {
    @Test("12: a When In Use session asks from not determined, and again after Allow Once lapsed, once in use again")
    func sessionAsksAgainAfterAllowOnceLapsed() async throws {
        let harness = EngineHarness(answers: [.allowOnce(precise: true), .allowWhileUsing(precise: true)])
        let session = await harness.client.startServiceSession(authorization: .whenInUse)
        let first = try #require(await harness.engine.presentedPrompt)
        #expect(first.kind == .whenInUse)
        await harness.engine.waitForPrompt(first.id)
        #expect(await harness.engine.authorization().status == .authorizedWhenInUse)

        await harness.engine.handle(.background)
        #expect(await harness.engine.authorization().status == .notDetermined)
        #expect(await harness.engine.presentedPrompt == nil)

        await harness.engine.handle(.foreground)
        let second = try #require(await harness.engine.presentedPrompt)
        #expect(second.kind == .whenInUse)
        await harness.engine.waitForPrompt(second.id)
        #expect(await harness.engine.authorization().status == .authorizedWhenInUse)
        #expect(harness.person.remainingAnswers.isEmpty)
        await session.invalidate()
    }

    @Test("12: a denied session reports authorizationDenied without a prompt; invalidate finishes its diagnostics")
    func deniedSessionReportsAndInvalidateFinishes() async throws {
        let harness = EngineHarness(grant: Grant(decision: .denied))
        let session = await harness.client.startServiceSession(authorization: .whenInUse)
        var diagnostics = session.diagnostics().makeAsyncIterator()

        #expect(await diagnostics.next() == [.authorizationDenied])
        #expect(await harness.engine.presentedPrompt == nil)
        #expect(await harness.engine.serviceSessionCount == 1)

        await session.invalidate()
        #expect(await diagnostics.next() == nil)
        #expect(await harness.engine.serviceSessionCount == 0)
        #expect(harness.person.prompts.isEmpty)
    }

    @Test("12: a session with a purpose key asks for temporary full accuracy; a decline reports fullAccuracyDenied")
    func purposeKeySessionAsksForFullAccuracy() async throws {
        let harness = EngineHarness(answers: [.dontAllowPrecise])
        await harness.authorize(precise: false)
        let session = await harness.client.startServiceSession(
            authorization: .whenInUse,
            fullAccuracyPurposeKey: "Navigation"
        )
        let prompt = try #require(await harness.engine.presentedPrompt)
        #expect(prompt.kind == .temporaryFullAccuracy)
        #expect(prompt.purposeKey == "Navigation")

        await harness.engine.waitForPrompt(prompt.id)

        #expect(await harness.engine.serviceSessionDiagnostics == [[.fullAccuracyDenied]])
        #expect(await harness.engine.presentedPrompt == nil)
        await session.invalidate()
    }

    @Test("12: with CLRequireExplicitServiceSession, serviceSessionRequired holds until a session asks")
    func explicitSessionRequired() async throws {
        var declarations = UsageDescriptions.complete
        declarations.requiresExplicitServiceSession = true
        let harness = EngineHarness(info: declarations, answers: [.allowWhileUsing(precise: true)])
        #expect(await harness.engine.diagnostics().contains(.serviceSessionRequired))

        let session = await harness.client.startServiceSession(authorization: .whenInUse)
        let prompt = try #require(await harness.engine.presentedPrompt)
        #expect(!(await harness.engine.diagnostics().contains(.serviceSessionRequired)))
        await harness.engine.waitForPrompt(prompt.id)
        #expect(await harness.engine.serviceSessionDiagnostics == [[]])
        await session.invalidate()
    }
}
