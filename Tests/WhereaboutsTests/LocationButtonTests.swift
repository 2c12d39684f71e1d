import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Rule 15: the Location Button's grant — asked once per install, When In Use for one use of the app.
@Suite(.timeLimit(.minutes(5)))
struct LocationButtonTests {
    /// The app on its next launch: the OS relaunches it, and the new process makes a new client with its source.
    static func relaunch(_ harness: EngineHarness) async -> (LocationClient, ScriptedSource) {
        await harness.engine.handle(.terminate)
        await harness.engine.handle(.launch)
        let source = ScriptedSource()
        return (LocationClient.simulated(os: harness.engine, source: source), source)
    }

    /// Asks for one location through a client, and sends its source the fix that answers it.
    static func oneLocation(_ client: LocationClient, _ source: ScriptedSource) async throws -> Location {
        // Unauthorized, the request fails at once and the source never runs: stop here rather than wait for it.
        try #require(await client.authorization().status.isAuthorized)
        let request = Task { try await client.requestLocation() }
        await source.waitUntilRunning()
        await source.send(fix())
        return try await request.value
    }

    @Test("15: the first tap of the Location Button asks the person once; later taps grant When In Use without asking")
    func firstTapAsksOnceLaterTapsGrantWithoutAsking() async throws {
        let harness = await EngineHarness(answers: [.allowLocationButton])
        let first = await harness.engine.tapLocationButton()
        #expect(first.status == .authorizedWhenInUse)
        #expect(first.resolution == .answered(.allowLocationButton))
        #expect(harness.person.prompts.map(\.kind) == [.locationButton])
        #expect(await harness.engine.currentGrant.decision == .notDetermined, "a grant of this use, not a kept one")
        await harness.engine.handle(.background)
        #expect(await harness.engine.authorization().status == .notDetermined, "no longer in use: the grant ended")
        await harness.engine.handle(.foreground)
        let later = await harness.engine.tapLocationButton()
        #expect(later.status == .authorizedWhenInUse)
        #expect(harness.person.prompts.count == 1, "approved once per install")
        await harness.engine.flush()
        #expect(await harness.store.grant(for: "com.example.test")?.locationButtonApproved == true)
    }

    @Test("15: declining the Location Button prompt grants nothing, and the next tap asks again")
    func decliningGrantsNothingAndTheNextTapAsksAgain() async throws {
        let harness = await EngineHarness(answers: [.dontAllowLocationButton, .allowLocationButton])
        let declined = await harness.engine.tapLocationButton()
        #expect(declined.status == .notDetermined)
        #expect(declined.resolution == .answered(.dontAllowLocationButton))
        let allowed = await harness.engine.tapLocationButton()
        #expect(allowed.status == .authorizedWhenInUse)
        #expect(harness.person.prompts.map(\.kind) == [.locationButton, .locationButton])
    }

    @Test("15: a tap grants nothing when the status is decided, services are off, or the app is not in the foreground")
    func aTapGrantsNothingWhereTheButtonCannot() async throws {
        var never = Grant(decision: .denied)
        never.locationButtonApproved = true
        let denied = await EngineHarness(grant: never)
        #expect(await denied.engine.tapLocationButton().resolution == .alreadyDetermined)
        #expect(await denied.engine.authorization().status == .denied)
        let off = await EngineHarness(device: DeviceSettings(servicesEnabled: false))
        #expect(await off.engine.tapLocationButton().resolution == .ignored(.servicesDisabled))
        let background = await EngineHarness()
        await background.engine.handle(.background)
        #expect(await background.engine.tapLocationButton().resolution == .ignored(.notInForeground))
        #expect(denied.person.prompts.isEmpty && off.person.prompts.isEmpty && background.person.prompts.isEmpty)
    }

    @Test("15: an app that relies on the Location Button's grant from its first launch has no location on the second")
    func worksOnFirstLaunchLostOnTheSecond() async throws {
        let harness = await EngineHarness(answers: [.allowLocationButton])
        // First launch: the person taps the button, and the feature gets its location.
        await harness.engine.tapLocationButton()
        let located = try await Self.oneLocation(harness.client, harness.source)
        #expect(located == fix())
        // Second launch: the app remembers that location worked and asks for it without a tap or a request.
        let (client, _) = await Self.relaunch(harness)
        #expect(await client.authorization().status == .notDetermined)
        let error = try await #require(throws: LocationError.self) { try await client.requestLocation() }
        #expect(error.code == .notAuthorized)
    }

    @Test("15: what the app does instead: take the button's tap on each launch, or ask for When In Use")
    func eachLaunchTakesATapOrAsksForWhenInUse() async throws {
        let harness = await EngineHarness(answers: [.allowLocationButton, .allowWhileUsing(precise: true)])
        await harness.engine.tapLocationButton()
        _ = try await Self.oneLocation(harness.client, harness.source)
        // Second launch: the model shows the button again, and its tap grants without a prompt.
        var (client, source) = await Self.relaunch(harness)
        let model = await LocationPermissionModel(client: client)
        #expect(await model.showsLocationButton)
        await harness.engine.tapLocationButton()
        #expect(harness.person.prompts.count == 1)
        #expect(try await Self.oneLocation(client, source) == fix())
        await model.refresh()
        #expect(await !model.showsLocationButton, "authorized for this use: no button needed")
        // Third launch: a feature that needs location on every launch asks for When In Use, which is kept.
        (client, source) = await Self.relaunch(harness)
        let outcome = try await client.requestWhenInUseAuthorization()
        #expect(outcome.status == .authorizedWhenInUse)
        (client, source) = await Self.relaunch(harness)
        #expect(try await Self.oneLocation(client, source) == fix())
        #expect(harness.person.prompts.map(\.kind) == [.locationButton, .whenInUse])
    }

    @Test("15: LocationPermissionModel shows the Location Button only while a tap can grant")
    @MainActor
    func theModelShowsTheButtonWhileATapCanGrant() async throws {
        let harness = await EngineHarness()
        let model = LocationPermissionModel(client: harness.client)
        #expect(model.showsLocationButton)
        for status in [AuthorizationStatus.denied, .restricted, .authorizedWhenInUse, .authorizedAlways] {
            model.apply(Authorization(status: status, accuracy: .fullAccuracy))
            #expect(!model.showsLocationButton, "\(status)")
        }
        model.apply(Authorization(status: .denied, accuracy: .fullAccuracy, servicesEnabled: false))
        #expect(!model.showsLocationButton)
        model.apply(Authorization(status: .notDetermined, accuracy: .fullAccuracy))
        #expect(model.showsLocationButton)
    }
}
