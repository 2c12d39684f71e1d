import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// A tutorial on iOS 14 location privacy. A store keeps the status and the accuracy,
/// the location section is disabled until authorized, an "Allow Location Data" button shows
/// until the person was asked, a missing purpose string makes "nothing happen", and precise-only
/// features such as an ETA disappear under approximate location.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PrivacyAwareStoreFlowTests {
    static let whenInUseText = "Adds where you took the picture to its caption."

    static func engine(_ person: ScriptedPerson, whenInUse: String? = whenInUseText) async -> SimulatedOS {
        await SimulatedOS(
            appID: "com.example.new-picture",
            declarations: UsageDescriptions(whenInUse: whenInUse),
            prompter: person,
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 4, k1: 4)),
            clock: TestClock()
        )
    }

    /// The tutorial's Favorites row: an ETA only when precise features are available.
    static func favoriteSubtitle(_ model: LocationPermissionModel) -> String {
        model.preciseFeaturesAvailable ? "Home · 12 min" : "Home"
    }

    @Test("The store follows the status and the accuracy through each authorization change")
    func storeFollowsStatusAndAccuracy() async throws {
        let engine = await Self.engine(ScriptedPerson([.allowWhileUsing(precise: false)]))
        let client = LocationClient.simulated(os: engine, source: ScriptedSource())
        let store = LocationPermissionModel(client: client)
        var changes = await client.authorizationUpdates().makeAsyncIterator()
        store.apply(try #require(await changes.next()))
        #expect(store.authorization?.status == .notDetermined)

        _ = try await client.requestWhenInUseAuthorization()
        store.apply(try #require(await changes.next()))
        #expect(store.authorization?.status == .authorizedWhenInUse)
        #expect(store.authorization?.accuracy == .reducedAccuracy)

        await engine.changeSettings(precise: true)
        store.apply(try #require(await changes.next()))
        #expect(store.authorization?.status == .authorizedWhenInUse)
        #expect(store.authorization?.accuracy == .fullAccuracy)
    }

    @Test(
        "locationIsDisabled holds unless authorized; the Allow button shows only when not determined",
        arguments: AuthorizationStatus.allCases
    )
    func locationIsDisabledAndAllowButtonFollowTheStatus(_ status: AuthorizationStatus) async {
        let engine = await Self.engine(ScriptedPerson())
        switch status {
        case .notDetermined: break
        case .restricted: await engine.changeSettings(restricted: true)
        default: await engine.changeSettings(status: status)
        }
        let store = LocationPermissionModel(client: .simulated(os: engine, source: ScriptedSource()))

        await store.refresh()

        #expect(store.authorization?.status == status)
        let authorized = status == .authorizedWhenInUse || status == .authorizedAlways
        #expect(store.locationIsDisabled == !authorized)
        #expect(store.showAllowLocationButton == (status == .notDetermined))
    }

    @Test("A missing NSLocationWhenInUseUsageDescription is an error naming the key, not silence")
    func missingUsageDescriptionIsAClearError() async throws {
        let person = ScriptedPerson()
        let engine = await Self.engine(person, whenInUse: nil)

        let error = await #expect(throws: LocationError.self) {
            try await engine.requestWhenInUseAuthorization()
        }

        #expect(error?.code == .missingUsageDescription)
        #expect(error?.missingKeys == [UsageDescriptions.whenInUseKey])
        #expect(error?.description.contains("NSLocationWhenInUseUsageDescription") == true)
        #expect(person.prompts.isEmpty)
        #expect(await engine.authorization().status == .notDetermined)
    }

    @Test("Without the purpose string the request completes at once and the button stays")
    func missingUsageDescriptionStillCompletes() async throws {
        let engine = await Self.engine(ScriptedPerson(), whenInUse: nil)
        let ticket = await engine.submit(.whenInUse)
        #expect(await engine.isFinished(ticket), "decided when submitted, with no prompt to wait for")
        _ = await engine.result(of: ticket)
        let store = LocationPermissionModel(client: .simulated(os: engine, source: ScriptedSource()))

        await store.requestPermission()

        let error = try #require(store.lastError)
        #expect(error.code == .missingUsageDescription)
        #expect(store.showAllowLocationButton)
        #expect(store.locationIsDisabled)
    }

    @Test("Approximate location hides the ETA; precise location shows it")
    func etaOnlyWithPreciseLocation() async throws {
        let engine = await Self.engine(ScriptedPerson([.allowWhileUsing(precise: false)]))
        let store = LocationPermissionModel(client: .simulated(os: engine, source: ScriptedSource()))
        await store.requestPermission()
        #expect(store.authorization?.accuracy == .reducedAccuracy)
        #expect(store.preciseFeaturesAvailable == false)
        #expect(Self.favoriteSubtitle(store) == "Home")

        await engine.changeSettings(precise: true)
        await store.refresh()

        #expect(store.preciseFeaturesAvailable)
        #expect(Self.favoriteSubtitle(store) == "Home · 12 min")
    }
}
