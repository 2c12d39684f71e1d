import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// A Japanese guide to location permission on iOS 17+: the five statuses and what
/// to do for each, the async request, Always after When In Use, the pre-permission screen,
/// the way to Settings after a denial, and temporary precise location for two purposes.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PermissionScreenFlowTests {
    static let whenInUseText = "現在地を地図上に表示し、周辺のスポットを検索するために位置情報を使用します。"
    static let alwaysText = "目的地への到着を通知するために、バックグラウンドでも位置情報を使用します。"
    static let navigationText = "正確なナビゲーションのために、一時的に正確な位置情報が必要です。"
    static let searchText = "より正確な検索結果を表示するために、正確な位置情報が必要です。"

    /// The guide's Info.plist, with every key it shows.
    static let declarations = UsageDescriptions(
        whenInUse: whenInUseText,
        always: alwaysText,
        temporaryPurposes: ["NavigationPurpose": navigationText, "SearchPurpose": searchText],
        backgroundModes: ["location"]
    )

    static func engine(
        _ person: ScriptedPerson,
        store: InMemoryConsentStore = InMemoryConsentStore()
    ) async
        -> SimulatedOS
    {
        await SimulatedOS(
            appID: "jp.example.spots",
            declarations: declarations,
            prompter: person,
            consentStore: store,
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 1, k1: 1)),
            clock: TestClock()
        )
    }

    /// The guide's `switch status`: what the app does for each status.
    enum Branch: Hashable {
        case request, disabledMessage, settingsPrompt, startServices
    }

    /// Every branch the model's derived values point to; exactly one should.
    static func branches(_ model: LocationPermissionModel) -> [Branch] {
        var result: [Branch] = []
        if model.showsPrePermissionExplanation { result.append(.request) }
        if model.isRestricted { result.append(.disabledMessage) }
        if model.showsSettingsPrompt { result.append(.settingsPrompt) }
        if !model.locationIsDisabled { result.append(.startServices) }
        return result
    }

    static let expectedBranch: [AuthorizationStatus: Branch] = [
        .notDetermined: .request,
        .restricted: .disabledMessage,
        .denied: .settingsPrompt,
        .authorizedWhenInUse: .startServices,
        .authorizedAlways: .startServices,
    ]

    @Test(
        "Each of the five statuses leads to exactly its branch of the guide's switch",
        arguments: AuthorizationStatus.allCases
    )
    func eachStatusTakesItsBranch(_ status: AuthorizationStatus) async throws {
        let engine = await Self.engine(ScriptedPerson())
        switch status {
        case .notDetermined: break
        case .restricted: await engine.changeSettings(restricted: true)
        default: await engine.changeSettings(status: status)
        }
        let model = LocationPermissionModel(client: .simulated(os: engine, source: ScriptedSource()))

        await model.refresh()

        #expect(model.authorization?.status == status)
        let expected = try #require(Self.expectedBranch[status])
        #expect(Self.branches(model) == [expected])
    }

    @Test("The async request returns the status the person answered")
    func asyncRequestReturnsTheAnsweredStatus() async throws {
        let person = ScriptedPerson([.allowWhileUsing(precise: true)])
        let engine = await Self.engine(person)

        let outcome = try await engine.requestWhenInUseAuthorization()

        #expect(outcome.status == .authorizedWhenInUse)
        #expect(outcome.resolution == .answered(.allowWhileUsing(precise: true)))
        #expect(person.prompts.map(\.message) == [Self.whenInUseText])
    }

    @Test(
        "A request once decided completes at once with alreadyDetermined, showing nothing",
        arguments: [AuthorizationStatus.denied, .authorizedWhenInUse, .authorizedAlways]
    )
    func decidedRequestCompletesAtOnce(_ status: AuthorizationStatus) async throws {
        let person = ScriptedPerson()
        let engine = await Self.engine(person)
        await engine.changeSettings(status: status)

        let ticket = await engine.submit(.whenInUse)
        #expect(await engine.isFinished(ticket), "decided when submitted, with no prompt to wait for")
        let result = await engine.result(of: ticket)
        guard case .success(.authorization(let outcome)) = result else {
            Issue.record("expected an authorization outcome, got \(result)")
            return
        }

        #expect(outcome.status == status)
        #expect(outcome.resolution == .alreadyDetermined)
        #expect(person.prompts.isEmpty)
    }

    @Test("Always after When In Use shows the upgrade prompt once; the second ask completes, ignored")
    func alwaysUpgradePromptShowsOncePerInstall() async throws {
        let person = ScriptedPerson([.allowWhileUsing(precise: true), .keepWhileUsing])
        let store = InMemoryConsentStore()
        let engine = await Self.engine(person, store: store)
        let first = try await engine.requestWhenInUseAuthorization()
        #expect(first.status == .authorizedWhenInUse)

        let upgrade = try await engine.requestAlwaysAuthorization()
        #expect(upgrade.resolution == .answered(.keepWhileUsing))
        #expect(upgrade.status == .authorizedWhenInUse)
        let again = try await engine.requestAlwaysAuthorization()

        #expect(again.resolution == .ignored(.alwaysAlreadyRequested))
        #expect(again.status == .authorizedWhenInUse)
        #expect(person.prompts.map(\.kind) == [.whenInUse, .alwaysUpgrade])
        #expect(person.prompts.last?.message == Self.alwaysText)

        // Once per install: the app launched again on the same device still gets no prompt.
        await engine.flush()
        let relaunched = await Self.engine(ScriptedPerson(), store: store)
        let afterRelaunch = try await relaunched.requestAlwaysAuthorization()
        #expect(afterRelaunch.resolution == .ignored(.alwaysAlreadyRequested))
    }

    @Test("The pre-permission explanation shows before the request and not after it")
    func prePermissionExplanationShowsOnlyBeforeTheRequest() async throws {
        let person = ScriptedPerson([.allowWhileUsing(precise: true)])
        let model = LocationPermissionModel(
            client: .simulated(os: await Self.engine(person), source: ScriptedSource())
        )
        await model.refresh()
        #expect(model.showsPrePermissionExplanation)
        #expect(person.prompts.isEmpty)

        await model.requestPermission()

        #expect(person.prompts.count == 1)
        #expect(model.showsPrePermissionExplanation == false)
        #expect(model.authorization?.status == .authorizedWhenInUse)
    }

    @Test("After Don't Allow the screen leads to Settings, with a message that says so")
    func deniedLeadsToSettings() async throws {
        let person = ScriptedPerson([.dontAllow])
        let model = LocationPermissionModel(
            client: .simulated(os: await Self.engine(person), source: ScriptedSource())
        )
        await model.refresh()
        #expect(model.showsSettingsPrompt == false)
        #expect(model.settingsMessage == nil)

        await model.requestPermission()

        #expect(model.authorization?.status == .denied)
        #expect(model.showsSettingsPrompt)
        #expect(model.showsPrePermissionExplanation == false)
        let message = try #require(model.settingsMessage)
        #expect(message.contains("Settings"))
        #expect(!message.contains("Location Services"))
    }

    @Test(
        "With Location Services off there is no way to the app's page in Settings: the screen says where to turn them on"
    )
    func servicesOffShowsTheLocationServicesMessage() async throws {
        let person = ScriptedPerson()
        let engine = await Self.engine(person)
        await engine.changeSettings(servicesEnabled: false)
        let model = LocationPermissionModel(client: .simulated(os: engine, source: ScriptedSource()))

        await model.requestPermission()

        #expect(person.prompts.isEmpty)
        #expect(model.authorization?.status == .denied)
        #expect(model.authorization?.servicesEnabled == false)
        #expect(!model.showsSettingsPrompt)
        #expect(model.settingsMessage == nil)
        #expect(model.screen == .servicesOff)
        let message = try #require(model.screen.message?.defaultValue)
        #expect(message.contains("Location Services"))
    }

    @Test("Two temporary purposes each prompt with their own sentence")
    func eachTemporaryPurposePromptsWithItsOwnSentence() async throws {
        let person = ScriptedPerson([.allowWhileUsing(precise: false), .dontAllowPrecise, .allowPrecise])
        let client = LocationClient.simulated(os: await Self.engine(person), source: ScriptedSource())
        let navigation = LocationPermissionModel(client: client, purposeKey: "NavigationPurpose")
        let search = LocationPermissionModel(client: client, purposeKey: "SearchPurpose")
        await navigation.requestPermission()
        await search.refresh()
        #expect(navigation.showsRequestPreciseButton && search.showsRequestPreciseButton)

        await navigation.requestPrecise()
        #expect(navigation.preciseDeclined)
        #expect(navigation.authorization?.accuracy == .reducedAccuracy)
        await search.requestPrecise()

        let prompts = person.prompts.filter { $0.kind == .temporaryFullAccuracy }
        #expect(prompts.map(\.purposeKey) == ["NavigationPurpose", "SearchPurpose"])
        #expect(prompts.map(\.message) == [Self.navigationText, Self.searchText])
        #expect(search.authorization?.accuracy == .fullAccuracy)
        #expect(search.showsRequestPreciseButton == false)
    }
}
