import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// DESIGN rules 4 and 5: Always (provisional and upgrade) and temporary full accuracy.
@Suite(.timeLimit(.minutes(5)))
struct AlwaysAndAccuracyRuleTests {
    @Test(
        "4: Always needs both usage descriptions; the error names each missing key",
        arguments: [
            (UsageDescriptions(whenInUse: "a"), ["NSLocationAlwaysAndWhenInUseUsageDescription"]),
            (UsageDescriptions(always: "b"), ["NSLocationWhenInUseUsageDescription"]),
            (
                UsageDescriptions(),
                ["NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationWhenInUseUsageDescription"]
            ),
        ]
    )
    func rule4AlwaysNeedsBothKeys(info: UsageDescriptions, missing: [String]) async throws {
        let harness = await EngineHarness(info: info)
        let error = try await #require(throws: LocationError.self) {
            try await harness.engine.requestAlwaysAuthorization()
        }
        #expect(error.code == .missingUsageDescription)
        #expect(error.missingKeys == missing)
        #expect(await harness.engine.authorization().status == .notDetermined)
    }

    @Test("4: from notDetermined, Allow While Using gives provisional Always; background use asks for real")
    func rule4ProvisionalAlways() async throws {
        let harness = await EngineHarness(answers: [.allowWhileUsing(precise: true), .changeToAlways])
        let outcome = try await harness.engine.requestAlwaysAuthorization()
        #expect(harness.person.prompts.first?.kind == .whenInUse)
        #expect(outcome.status == .authorizedAlways)
        #expect(await harness.engine.currentGrant.provisionalAlways)

        let updates = await harness.client.liveUpdates()
        try await harness.client.setAllowsBackgroundLocationUpdates(true)
        await harness.engine.handle(.background)
        let prompt = try #require(await harness.engine.presentedPrompt)
        #expect(prompt.kind == .alwaysUpgrade)
        #expect(prompt.message == "Tells you when you arrive, even when the app is closed.")
        await harness.engine.waitForPrompt(prompt.id)
        #expect(await harness.engine.authorization().status == .authorizedAlways)
        #expect(await harness.engine.currentGrant.provisionalAlways == false)
        await harness.source.send(fix())
        #expect(await harness.engine.deliveredCount == 1)
        _ = updates
    }

    @Test("4: provisional Always, then Keep Only While Using: the app gets When In Use and the diagnostic")
    func rule4ProvisionalKeepWhileUsing() async throws {
        let harness = await EngineHarness(answers: [.allowWhileUsing(precise: true), .keepWhileUsing])
        _ = try await harness.engine.requestAlwaysAuthorization()
        try await harness.engine.startMonitoring(
            Region(
                identifier: "home",
                center: Coordinate(latitude: 1, longitude: 1),
                radius: 100
            )
        )
        await harness.engine.handle(.background)
        let prompt = try #require(await harness.engine.presentedPrompt)
        await harness.engine.waitForPrompt(prompt.id)
        #expect(await harness.engine.authorization().status == .authorizedWhenInUse)
        #expect(await harness.engine.diagnostics().contains(.alwaysAuthorizationDenied))
    }

    @Test("4: from When In Use the upgrade prompt shows once per install; later asks complete at once")
    func rule4UpgradeOncePerInstall() async throws {
        let store = InMemoryConsentStore()
        let first = await EngineHarness(answers: [.keepWhileUsing], store: store)
        await first.authorize()
        let outcome = try await first.engine.requestAlwaysAuthorization()
        #expect(outcome.resolution == .answered(.keepWhileUsing))
        #expect(first.person.prompts.map(\.kind) == [.alwaysUpgrade])
        let again = try await first.engine.requestAlwaysAuthorization()
        #expect(again.resolution == .ignored(.alwaysAlreadyRequested))
        await first.engine.flush()

        let relaunched = await EngineHarness(store: store)
        let afterRelaunch = try await relaunched.engine.requestAlwaysAuthorization()
        #expect(afterRelaunch.resolution == .ignored(.alwaysAlreadyRequested))
        #expect(relaunched.person.prompts.isEmpty)
    }

    @Test("5: temporary full accuracy needs an authorized status")
    func rule5NeedsAuthorization() async throws {
        let harness = await EngineHarness()
        let error = try await #require(throws: LocationError.self) {
            try await harness.engine.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        }
        #expect(error.code == .notAuthorized)
    }

    @Test("5: a purpose key missing from the dictionary is an error, not a prompt")
    func rule5MissingPurposeKey() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: false)
        let error = try await #require(throws: LocationError.self) {
            try await harness.engine.requestTemporaryFullAccuracy(purposeKey: "Typo")
        }
        #expect(error.code == .missingTemporaryPurposeKey)
        #expect(error.description.contains("\"Typo\""))
        #expect(error.description.contains("Navigation"))
        #expect(harness.person.prompts.isEmpty)
    }

    @Test("5: already full returns full at once, with no prompt")
    func rule5AlreadyFull() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        let outcome = try await harness.engine.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        #expect(outcome == AccuracyOutcome(accuracy: .fullAccuracy, resolution: .alreadyDetermined))
        #expect(harness.person.prompts.isEmpty)
    }

    @Test("5: a decline is not an error: the result is reduced, with fullAccuracyDenied")
    func rule5DeclineIsNotAnError() async throws {
        let harness = await EngineHarness(answers: [.dontAllowPrecise])
        await harness.authorize(precise: false)
        let outcome = try await harness.engine.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        #expect(outcome == AccuracyOutcome(accuracy: .reducedAccuracy, resolution: .answered(.dontAllowPrecise)))
        #expect(await harness.engine.diagnostics().contains(.fullAccuracyDenied))
        #expect(harness.person.prompts.first?.message == "Turn-by-turn directions need your exact position.")
    }

    @Test("5: the grant lasts while the app is in use and ends when it stops being in use")
    func rule5GrantEnds() async throws {
        let harness = await EngineHarness(answers: [.allowPrecise])
        await harness.authorize(precise: false)
        let outcome = try await harness.engine.requestTemporaryFullAccuracy(purposeKey: "Navigation")
        #expect(outcome.accuracy == .fullAccuracy)
        let granted = await harness.engine.authorization()
        #expect(granted.isFullAccuracyTemporary)
        await harness.engine.handle(.background)
        #expect(await harness.engine.authorization().accuracy == .reducedAccuracy)
    }
}
