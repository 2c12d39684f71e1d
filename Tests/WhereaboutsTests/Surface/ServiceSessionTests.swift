import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Rule 12: service sessions.
@Suite(.timeLimit(.minutes(5))) struct ServiceSessionTests {
    /// Waits until the prompt on screen, if any, has been answered and applied.
    ///
    /// The scripted person answers at once, so whether a prompt is still on screen when a client call returns depends
    /// on how many hops the client takes; the tests read what the person was shown once the answer is in.
    static func settle(_ engine: SimulatedOS) async {
        while let prompt = await engine.presentedPrompt { await engine.waitForPrompt(prompt.id) }
    }

    @Test("a service session prompts when a prompt is due, by the same rules as the requests")
    func sessionPromptsWhenDue() async throws {
        let harness = await EngineHarness(answers: [.allowWhileUsing(precise: true)])
        let session = await harness.client.startServiceSession(authorization: .whenInUse)
        await Self.settle(harness.engine)
        #expect(harness.person.prompts.map(\.kind) == [.whenInUse])
        #expect(await harness.client.authorization().status == .authorizedWhenInUse)
        // Decided: a second session asks nothing.
        _ = await harness.client.startServiceSession(authorization: .whenInUse)
        #expect(await harness.engine.presentedPrompt == nil)
        #expect(harness.person.prompts.count == 1)
        await session.invalidate()
    }

    @Test("a service session asks for nothing while the app is in the background")
    func sessionDoesNotAskFromTheBackground() async throws {
        let harness = await EngineHarness(answers: [.allowWhileUsing(precise: true)])
        await harness.engine.handle(.background)
        _ = await harness.client.startServiceSession(authorization: .whenInUse)
        #expect(await harness.engine.presentedPrompt == nil)
        await harness.engine.handle(.foreground)
        #expect(await harness.engine.presentedPrompt?.kind == .whenInUse)
        await Self.settle(harness.engine)
    }

    @Test("a service session re-asks after an Allow Once grant lapses, when the app is in use again")
    func sessionReasksAfterAllowOnceLapses() async throws {
        let harness = await EngineHarness(
            answers: [.allowOnce(precise: true), .allowWhileUsing(precise: true)]
        )
        let session = await harness.client.startServiceSession(authorization: .whenInUse)
        await Self.settle(harness.engine)
        #expect(await harness.client.authorization().status == .authorizedWhenInUse)
        await harness.engine.handle(.background)
        #expect(await harness.client.authorization().status == .notDetermined)
        #expect(await harness.engine.presentedPrompt == nil)
        await harness.engine.handle(.foreground)
        #expect(await harness.engine.presentedPrompt?.kind == .whenInUse)
        await Self.settle(harness.engine)
        #expect(harness.person.prompts.count == 2)
        #expect(await harness.client.authorization().status == .authorizedWhenInUse)
        await session.invalidate()
    }

    @Test("an Always session asks for the upgrade once per install, then reports alwaysAuthorizationDenied")
    func alwaysSessionAsksForTheUpgradeOnce() async throws {
        let harness = await EngineHarness(answers: [.keepWhileUsing])
        await harness.authorize(precise: true)
        let session = await harness.client.startServiceSession(authorization: .always)
        await Self.settle(harness.engine)
        #expect(harness.person.prompts.map(\.kind) == [.alwaysUpgrade])
        var diagnostics = session.diagnostics().makeAsyncIterator()
        #expect(await diagnostics.next() == [.alwaysAuthorizationDenied])
        await harness.engine.handle(.background)
        await harness.engine.handle(.foreground)
        #expect(await harness.engine.presentedPrompt == nil)
        #expect(harness.person.prompts.count == 1)
    }

    @Test("a session with a purpose key asks for temporary full accuracy; a decline is fullAccuracyDenied")
    func purposeKeySessionAsksForFullAccuracy() async throws {
        let harness = await EngineHarness(answers: [.dontAllowPrecise])
        await harness.authorize(precise: false)
        let session = await harness.client.startServiceSession(
            authorization: .whenInUse,
            fullAccuracyPurposeKey: "Navigation"
        )
        await Self.settle(harness.engine)
        #expect(harness.person.prompts.map(\.kind) == [.temporaryFullAccuracy])
        var diagnostics = session.diagnostics().makeAsyncIterator()
        #expect(await diagnostics.next() == [.fullAccuracyDenied])
    }

    @Test("session diagnostics: denied, denied globally, restricted, then each change; invalidate ends them")
    func sessionDiagnosticsFollowTheirCauses() async throws {
        let harness = await EngineHarness()
        await harness.engine.changeSettings(status: .denied)
        let session = await harness.client.startServiceSession(authorization: .whenInUse)
        var diagnostics = session.diagnostics().makeAsyncIterator()
        #expect(await diagnostics.next() == [.authorizationDenied])
        #expect(await harness.engine.presentedPrompt == nil)
        #expect(harness.person.prompts.isEmpty)
        await harness.engine.changeSettings(servicesEnabled: false)
        #expect(await diagnostics.next() == [.authorizationDeniedGlobally])
        await harness.engine.changeSettings(servicesEnabled: true, restricted: true)
        #expect(await diagnostics.next() == [.authorizationRestricted])
        await harness.engine.changeSettings(status: .authorizedWhenInUse, restricted: false)
        #expect(await diagnostics.next() == [])
        await harness.engine.handle(.background)
        #expect(await diagnostics.next() == [.insufficientlyInUse])
        await session.invalidate()
        #expect(await diagnostics.next() == nil)
        #expect(await harness.engine.serviceSessionCount == 0)
    }

    @Test("session diagnostics: authorizationRequestInProgress while its prompt is on screen")
    func sessionDiagnosticsShowTheRequestInProgress() async throws {
        let person = ManualPerson()
        let engine = await SimulatedOS(appID: "com.example.test", declarations: .complete, prompter: person)
        let session = await engine.startServiceSession(authorization: .whenInUse)
        var diagnostics = session.diagnostics().makeAsyncIterator()
        #expect(await diagnostics.next() == [.authorizationRequestInProgress])
        _ = try await person.nextPrompt()
        person.reply(.allowWhileUsing(precise: true))
        #expect(await diagnostics.next() == [])
    }

    @Test("serviceSessionRequired: with CLRequireExplicitServiceSession, until a session asks for authorization")
    func serviceSessionRequiredUntilASessionAsks() async throws {
        var info = UsageDescriptions.complete
        info.requiresExplicitServiceSession = true
        let harness = await EngineHarness(info: info, answers: [.allowWhileUsing(precise: true)])
        #expect(await harness.engine.diagnostics().contains(.serviceSessionRequired))
        let watching = await harness.client.startServiceSession(authorization: .noAuthorization)
        var diagnostics = watching.diagnostics().makeAsyncIterator()
        #expect(await diagnostics.next() == [.serviceSessionRequired])
        #expect(await harness.engine.presentedPrompt == nil)
        _ = await harness.client.startServiceSession(authorization: .whenInUse)
        #expect(await !harness.engine.diagnostics().contains(.serviceSessionRequired))
        await Self.settle(harness.engine)
        #expect(await harness.client.authorization().status == .authorizedWhenInUse)
    }
}
