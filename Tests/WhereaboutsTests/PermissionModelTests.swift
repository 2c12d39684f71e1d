import Clocks
import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// `LocationPermissionModel` starts with the true authorization, and `UserLocationIndicator` never draws more than
/// the authorization allows nor claims more than the location knows.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PermissionModelTests {
    static let paris = Coordinate(latitude: 48.8584, longitude: 2.2945)

    static func location(accuracy: Double) -> Location {
        Location(coordinate: paris, horizontalAccuracy: accuracy, timestamp: Date(timeIntervalSince1970: 1_767_225_600))
    }

    @Test("A model made right after the engine shows the kept When In Use grant in its first frame")
    func modelStartsWithTheKeptGrant() async throws {
        let store = InMemoryConsentStore(["com.example.launch": Grant(decision: .whenInUse, precise: false)])
        let engine = await SimulatedOS(
            appID: "com.example.launch",
            declarations: .complete,
            prompter: ScriptedPerson(),
            consentStore: store,
            clock: TestClock()
        )
        let client = LocationClient.simulated(os: engine, source: ScriptedSource())

        // Nothing is awaited between making the engine and making the model: its first frame.
        let model = LocationPermissionModel(client: client, purposeKey: "Navigation")

        let kept = Authorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        #expect(model.authorization == kept)
        #expect(model.authorization == (await engine.authorization()))
        #expect(model.showsRequestPreciseButton)
        #expect(!model.showsPrePermissionExplanation)
        #expect(!model.locationIsDisabled)
    }

    @Test("The model reads only authorizationSnapshot at init: an unimplemented client overriding it alone passes")
    func modelReadsOnlyTheSnapshot() {
        var client = LocationClient.unimplemented()
        client.authorizationSnapshot = { Authorization(status: .denied, accuracy: .fullAccuracy) }

        let model = LocationPermissionModel(client: client)

        #expect(model.authorization == Authorization(status: .denied, accuracy: .fullAccuracy))
        #expect(model.showsSettingsPrompt)
        #expect(model.settingsMessage != nil)
    }

    @Test("Without the snapshot overridden, creating the model fails the test, naming authorizationSnapshot")
    func modelWithoutTheSnapshotFails() {
        withKnownIssue {
            _ = LocationPermissionModel(client: .unimplemented())
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("LocationClient.authorizationSnapshot is unimplemented") }
        }
    }

    @Test("A precise location under reduced accuracy is hidden, until an approximate fix arrives")
    func precisePositionUnderReducedAccuracyIsHidden() {
        let reduced = Authorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        let stale = Self.location(accuracy: 5)
        let coarse = Self.location(accuracy: 5_170)

        #expect(UserLocationIndicator(authorization: reduced, location: stale) == .hidden)
        #expect(
            UserLocationIndicator(authorization: reduced, location: coarse) == .approximate(Self.paris, radius: 5_170)
        )
    }

    @Test("An approximate location under full accuracy draws a circle of its accuracy, not a precise dot")
    func approximateLocationUnderFullAccuracyIsACircle() {
        let full = Authorization(status: .authorizedAlways, accuracy: .fullAccuracy)
        let heading = Heading(magneticHeading: 40, trueHeading: 53, headingAccuracy: 5, timestamp: .distantPast)

        let coarse = UserLocationIndicator(
            authorization: full,
            location: Self.location(accuracy: 3_000),
            heading: heading
        )
        let precise = UserLocationIndicator(authorization: full, location: Self.location(accuracy: 5), heading: heading)

        #expect(coarse == .approximate(Self.paris, radius: 3_000))
        #expect(precise == .precise(Self.paris, bearing: 53))
    }

    @Test(
        "A location is approximate from 1,000 m of horizontal accuracy",
        arguments: [
            (999.0, AccuracyAuthorization.reducedAccuracy, false), (1_000, .reducedAccuracy, true),
            (999, .fullAccuracy, false), (1_000, .fullAccuracy, true),
        ]
    )
    func thresholdIsOneKilometre(_ accuracy: Double, _ authorized: AccuracyAuthorization, _ circle: Bool) {
        let authorization = Authorization(status: .authorizedWhenInUse, accuracy: authorized)
        let indicator = UserLocationIndicator(authorization: authorization, location: Self.location(accuracy: accuracy))

        #expect(UserLocationIndicator.approximateAccuracyThreshold == 1_000)
        if circle {
            #expect(indicator == .approximate(Self.paris, radius: accuracy))
        } else {
            #expect(indicator == (authorized == .fullAccuracy ? .precise(Self.paris, bearing: nil) : .hidden))
        }
    }

    @Test("Every fix the coarsener makes counts as approximate, so reduced accuracy always draws its circle")
    func coarseFixesAreAboveTheThreshold() async throws {
        let coarsener = Coarsener(secret: Coarsener.Secret(k0: 1, k1: 2))
        #expect(coarsener.horizontalAccuracy >= UserLocationIndicator.approximateAccuracyThreshold)

        let harness = await EngineHarness()
        await harness.authorize(precise: false)
        var updates = await harness.client.liveUpdates().makeAsyncIterator()
        _ = try await updates.next()
        #expect(await harness.source.send(fix(accuracy: 3)))
        let update = try #require(try await updates.next())
        let coarse = try #require(update.location)

        let indicator = UserLocationIndicator(authorization: update.authorization, location: coarse)
        #expect(indicator == .approximate(coarse.coordinate, radius: coarse.horizontalAccuracy))
    }

    @Test(
        "The model's indicator: a stale precise fix under reduced accuracy draws nothing, the next coarse fix a circle"
    )
    func modelIndicatorFollowsTheAccuracy() {
        var client = LocationClient.unimplemented()
        client.authorizationSnapshot = { Authorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy) }
        let model = LocationPermissionModel(client: client)
        let reduced = Authorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)

        model.apply(LocationUpdate(location: Self.location(accuracy: 5), diagnostics: [], authorization: reduced))
        #expect(model.indicator == .hidden)

        model.apply(LocationUpdate(location: Self.location(accuracy: 5_170), diagnostics: [], authorization: reduced))
        #expect(model.indicator == .approximate(Self.paris, radius: 5_170))
    }
}
