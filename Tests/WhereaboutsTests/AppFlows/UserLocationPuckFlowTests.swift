import Clocks
import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

/// Mapbox's user location guide. The permissions delegate hears accuracy changes made
/// in Settings, temporary full accuracy uses the app's own purpose key "CustomKey", a custom
/// location provider replaces the default one, and the puck's bearing follows the heading or
/// the course, or turns into an approximate circle under reduced accuracy.
@Suite(.timeLimit(.minutes(5)))
struct UserLocationPuckFlowTests {
    static let customKeyText = "We temporarily require your precise location for an optimal experience."
    static let coordinate = Coordinate(latitude: 37.7749, longitude: -122.4194)

    /// The guide's Info.plist: `CustomKey` only, `LocationAccuracyAuthorizationDescription` omitted.
    static let declarations = UsageDescriptions(
        whenInUse: "Your precise location is used to calculate turn-by-turn directions and show you on the map.",
        temporaryPurposes: ["CustomKey": customKeyText]
    )

    static func engine(_ person: ScriptedPerson) async -> SimulatedOS {
        await SimulatedOS(
            appID: "com.example.puck",
            declarations: declarations,
            prompter: person,
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 3, k1: 3)),
            clock: TestClock()
        )
    }

    static func fix(second: Double, course: Double? = nil) -> Location {
        Location(
            coordinate: Coordinate(latitude: coordinate.latitude + second * 0.001, longitude: coordinate.longitude),
            altitude: 12,
            horizontalAccuracy: 8,
            speed: 3,
            course: course,
            timestamp: Date(timeIntervalSince1970: 1_700_000_000 + second)
        )
    }

    @Test("Turning Precise off in Settings reaches the app as an authorization event with reduced accuracy")
    func turningPreciseOffDeliversAnAccuracyChange() async throws {
        let engine = await Self.engine(ScriptedPerson([.allowWhileUsing(precise: true)]))
        let client = LocationClient.simulated(os: engine, source: ScriptedSource())
        _ = try await client.requestWhenInUseAuthorization()
        var delegate = AccuracyDelegate()
        var events = await client.events().makeAsyncIterator()
        delegate.handle(try #require(await events.next()))

        await engine.changeSettings(precise: false)
        let change = try #require(await events.next())
        delegate.handle(change)

        let reduced = Authorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        #expect(change == .didChangeAuthorization(reduced))
        #expect(delegate.accuracyChanges == [.fullAccuracy, .reducedAccuracy])
    }

    @Test("Temporary full accuracy with CustomKey prompts with its sentence; the omitted default key is an error")
    func customPurposeKeyPromptsAndTheOmittedKeyThrows() async throws {
        let person = ScriptedPerson([.allowWhileUsing(precise: false), .allowPrecise])
        let client = LocationClient.simulated(os: await Self.engine(person), source: ScriptedSource())
        _ = try await client.requestWhenInUseAuthorization()

        let error = await #expect(throws: LocationError.self) {
            try await client.requestTemporaryFullAccuracy(purposeKey: "LocationAccuracyAuthorizationDescription")
        }
        #expect(error?.code == .missingTemporaryPurposeKey)
        #expect(error?.description.contains("LocationAccuracyAuthorizationDescription") == true)
        #expect(person.prompts.count == 1)

        let outcome = try await client.requestTemporaryFullAccuracy(purposeKey: "CustomKey")

        #expect(outcome.accuracy == .fullAccuracy)
        #expect(outcome.resolution == .answered(.allowPrecise))
        let prompt = try #require(person.prompts.last)
        #expect(prompt.kind == .temporaryFullAccuracy)
        #expect(prompt.purposeKey == "CustomKey")
        #expect(prompt.message == Self.customKeyText)
    }

    @Test("A custom location source replaces the default and its fixes reach the app")
    func customSourceDeliversItsFixes() async throws {
        let fixes = (0..<3).map { Self.fix(second: Double($0), course: 90) }
        let client = LocationClient.simulated(
            os: await Self.engine(ScriptedPerson([.allowWhileUsing(precise: true)])),
            source: FixedSource(fixes: fixes)
        )
        _ = try await client.requestWhenInUseAuthorization()

        var received: [Location] = []
        for try await update in await client.liveUpdates() {
            if let location = update.location { received.append(location) }
        }

        #expect(received == fixes)
    }

    @Test("With the heading as bearing source the puck uses the true heading, else the magnetic one")
    func headingBearingUsesTrueThenMagneticHeading() {
        let authorization = Authorization(status: .authorizedWhenInUse, accuracy: .fullAccuracy)
        let location = Self.fix(second: 0, course: 90)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let withTrue = Heading(magneticHeading: 40, trueHeading: 53, headingAccuracy: 5, timestamp: date)
        let magneticOnly = Heading(magneticHeading: 40, headingAccuracy: 5, timestamp: date)

        let byTrue = UserLocationIndicator(
            authorization: authorization,
            location: location,
            heading: withTrue,
            bearingSource: .heading
        )
        let byMagnetic = UserLocationIndicator(
            authorization: authorization,
            location: location,
            heading: magneticOnly,
            bearingSource: .heading
        )

        #expect(byTrue == .precise(location.coordinate, bearing: 53))
        #expect(byMagnetic == .precise(location.coordinate, bearing: 40))
    }

    @Test("With the course as bearing source the puck uses the location's course, not the heading")
    func courseBearingUsesTheLocationsCourse() {
        let authorization = Authorization(status: .authorizedAlways, accuracy: .fullAccuracy)
        let heading = Heading(magneticHeading: 40, trueHeading: 53, headingAccuracy: 5, timestamp: .distantPast)
        let moving = Self.fix(second: 0, course: 271)
        let noCourse = Self.fix(second: 1)

        let withCourse = UserLocationIndicator(
            authorization: authorization,
            location: moving,
            heading: heading,
            bearingSource: .course
        )
        let withoutCourse = UserLocationIndicator(
            authorization: authorization,
            location: noCourse,
            heading: heading,
            bearingSource: .course
        )

        #expect(withCourse == .precise(moving.coordinate, bearing: 271))
        #expect(withoutCourse == .precise(noCourse.coordinate, bearing: nil))
    }

    @Test("Under reduced accuracy the engine's coarse fix draws as a circle of its accuracy, with no bearing")
    func reducedAccuracyDrawsAnApproximateCircle() async throws {
        let engine = await Self.engine(ScriptedPerson([.allowWhileUsing(precise: false)]))
        let source = ScriptedSource()
        let client = LocationClient.simulated(os: engine, source: source)
        _ = try await client.requestWhenInUseAuthorization()
        var updates = await client.liveUpdates().makeAsyncIterator()
        let first = try #require(try await updates.next())
        #expect(first.location == nil)

        #expect(await source.send(Self.fix(second: 0, course: 90)))
        let update = try #require(try await updates.next())
        let coarse = try #require(update.location)
        let heading = Heading(magneticHeading: 40, trueHeading: 53, headingAccuracy: 5, timestamp: coarse.timestamp)

        for bearingSource in UserLocationIndicator.BearingSource.allCases {
            let indicator = UserLocationIndicator(
                authorization: update.authorization,
                location: coarse,
                heading: heading,
                bearingSource: bearingSource
            )
            #expect(indicator == .approximate(coarse.coordinate, radius: coarse.horizontalAccuracy))
        }
        #expect(coarse.horizontalAccuracy > 1_000)
        #expect(coarse.course == nil)
    }

    @Test(
        "Without authorization the puck is not drawn",
        arguments: [AuthorizationStatus.notDetermined, .denied, .restricted]
    )
    func notAuthorizedDrawsNothing(_ status: AuthorizationStatus) {
        let location = Self.fix(second: 0, course: 90)
        let heading = Heading(magneticHeading: 40, headingAccuracy: 5, timestamp: location.timestamp)

        let indicator = UserLocationIndicator(
            authorization: Authorization(status: status, accuracy: .fullAccuracy),
            location: location,
            heading: heading,
            bearingSource: .heading
        )

        #expect(indicator == .hidden)
    }
}

/// The guide's `LocationPermissionsDelegate`: told of each accuracy change, not of every event.
private struct AccuracyDelegate {
    private(set) var accuracyChanges: [AccuracyAuthorization] = []

    mutating func handle(_ event: LocationEvent) {
        guard case .didChangeAuthorization(let authorization) = event,
            accuracyChanges.last != authorization.accuracy
        else { return }
        accuracyChanges.append(authorization.accuracy)
    }
}

/// A custom location provider: yields its fixes, then ends.
private struct FixedSource: LocationSource {
    let fixes: [Location]

    func events() -> AsyncThrowingStream<SourceEvent, any Error> {
        AsyncThrowingStream { continuation in
            for fix in fixes {
                continuation.yield(.location(fix))
            }
            continuation.finish()
        }
    }
}
