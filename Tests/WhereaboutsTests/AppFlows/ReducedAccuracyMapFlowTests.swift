import Clocks
import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

/// A map SDK's location privacy example. The app declares
/// `NSLocationDefaultAccuracyReduced`, shows "Request Precise Location" while accuracy is
/// reduced, asks with the purpose key `MHAccuracyAuthorizationDescription`, and flies the
/// camera to the user's first location, once.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ReducedAccuracyMapFlowTests {
    static let purposeKey = "MHAccuracyAuthorizationDescription"
    static let whenInUseText = "Dummy Location When In Use Description"
    static let preciseText = "Dummy Precise Location Description"

    /// The example's Info.plist: when-in-use, one temporary purpose, accuracy reduced by default.
    static let declarations = UsageDescriptions(
        whenInUse: whenInUseText,
        temporaryPurposes: [purposeKey: preciseText],
        defaultAccuracyReduced: true
    )

    static func engine(_ person: ScriptedPerson) async -> SimulatedOS {
        await SimulatedOS(
            appID: "org.example.map-privacy",
            declarations: declarations,
            prompter: person,
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 0, k1: 0)),
            clock: TestClock()
        )
    }

    static func fix(north metres: Double, second: Double) -> Location {
        Location(
            coordinate: Coordinate(latitude: 48.8584 + metres / 111_195, longitude: 2.2945),
            horizontalAccuracy: 5,
            timestamp: Date(timeIntervalSince1970: 1_700_000_000 + second)
        )
    }

    @Test("NSLocationDefaultAccuracyReduced: the Precise switch starts off, Allow While Using gives reduced")
    func defaultReducedAccuracyGivesReducedAfterAllowWhileUsing() async throws {
        let person = ScriptedPerson([.allowWhileUsing(precise: false)])
        let engine = await Self.engine(person)

        let outcome = try await engine.requestWhenInUseAuthorization()

        #expect(outcome.status == .authorizedWhenInUse)
        #expect(outcome.accuracy == .reducedAccuracy)
        let prompt = try #require(person.prompts.first)
        #expect(prompt.kind == .whenInUse)
        #expect(prompt.message == Self.whenInUseText)
        #expect(prompt.preciseByDefault == false)
    }

    @Test("The Request Precise Location button shows under reduced accuracy and hides after a precise grant")
    func preciseButtonShowsWhenReducedAndHidesAfterTemporaryFullAccuracy() async throws {
        let person = ScriptedPerson([.allowWhileUsing(precise: false), .allowPrecise])
        let engine = await Self.engine(person)
        let model = LocationPermissionModel(
            client: .simulated(os: engine, source: ScriptedSource()),
            purposeKey: Self.purposeKey
        )
        await model.refresh()
        #expect(model.showsRequestPreciseButton == false)

        await model.requestPermission()
        #expect(model.authorization?.accuracy == .reducedAccuracy)
        #expect(model.showsRequestPreciseButton)

        await model.requestPrecise()

        #expect(person.prompts.count == 2)
        let precisePrompt = try #require(person.prompts.last)
        #expect(precisePrompt.kind == .temporaryFullAccuracy)
        #expect(precisePrompt.purposeKey == Self.purposeKey)
        #expect(precisePrompt.message == Self.preciseText)
        #expect(model.showsRequestPreciseButton == false)
        let authorization = try #require(model.authorization)
        #expect(authorization.accuracy == .fullAccuracy)
        #expect(authorization.isFullAccuracyTemporary)
        #expect(model.lastError == nil)

        let again = try await model.client.requestTemporaryFullAccuracy(purposeKey: Self.purposeKey)
        #expect(again == AccuracyOutcome(accuracy: .fullAccuracy, resolution: .alreadyDetermined))
        #expect(person.prompts.count == 2)
    }

    @Test("The temporary precise grant ends when the app leaves use, and the button shows again")
    func preciseButtonReturnsWhenTheTemporaryGrantEnds() async throws {
        let person = ScriptedPerson([.allowWhileUsing(precise: false), .allowPrecise])
        let engine = await Self.engine(person)
        let model = LocationPermissionModel(
            client: .simulated(os: engine, source: ScriptedSource()),
            purposeKey: Self.purposeKey
        )
        await model.requestPermission()
        await model.requestPrecise()
        #expect(model.showsRequestPreciseButton == false)

        await engine.handle(.background)
        await engine.handle(.foreground)
        await model.refresh()

        #expect(model.authorization?.accuracy == .reducedAccuracy)
        #expect(model.authorization?.isFullAccuracyTemporary == false)
        #expect(model.showsRequestPreciseButton)
    }

    @Test("The coordinator flies to the first delivered location once, however many follow")
    func coordinatorFliesToTheFirstFixOnlyOnce() async throws {
        let person = ScriptedPerson([.allowWhileUsing(precise: false), .allowPrecise])
        let engine = await Self.engine(person)
        let source = ScriptedSource()
        let client = LocationClient.simulated(os: engine, source: source)
        _ = try await client.requestWhenInUseAuthorization()
        let precise = try await client.requestTemporaryFullAccuracy(purposeKey: Self.purposeKey)
        #expect(precise.accuracy == .fullAccuracy)
        let coordinator = PrivacyExampleCoordinator()
        let updates = await client.liveUpdates()
        let following = Task { try await coordinator.follow(updates) }

        let fixes = (0..<3).map { Self.fix(north: 150 * Double($0), second: Double($0)) }
        for fix in fixes {
            #expect(await source.send(fix))
        }
        source.finish()
        try await following.value

        #expect(coordinator.delivered == fixes.map(\.coordinate))
        #expect(coordinator.flights == [fixes[0].coordinate])
    }
}

/// The example's `PrivacyExampleCoordinator`, reduced to what it does with locations: the first
/// time a location is available it flies the camera there, and never again.
@MainActor
private final class PrivacyExampleCoordinator {
    /// Every coordinate the map received, in order.
    private(set) var delivered: [Coordinate] = []
    /// Where the camera flew to.
    private(set) var flights: [Coordinate] = []
    private var pannedToUserLocation = false

    /// `mapView(_:didUpdate:)`: an update without a location is skipped.
    func didUpdate(_ update: LocationUpdate) {
        guard let location = update.location else { return }
        delivered.append(location.coordinate)
        guard !pannedToUserLocation else { return }
        flights.append(location.coordinate)
        pannedToUserLocation = true
    }

    /// Consumes live updates until they end.
    func follow(_ updates: AsyncThrowingStream<LocationUpdate, any Error>) async throws {
        for try await update in updates {
            didUpdate(update)
        }
    }
}
