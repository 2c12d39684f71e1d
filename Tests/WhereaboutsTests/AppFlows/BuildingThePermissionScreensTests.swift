import Clocks
import Foundation
import Testing
import Whereabouts
import WhereaboutsTesting

/// The flow of the article "Building the permission screens" (the WhereaboutsUI catalog), step by step, on the
/// model the views draw: a map app that declares approximate location by default, explains before asking, draws
/// a circle and then a dot, and offers "Request Precise Location" for one purpose. The article's test is this one.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct BuildingThePermissionScreensTests {
    static let purposeKey = "PreciseMap"

    /// The article's Info.plist: When In Use, one temporary purpose, approximate by default.
    static let declarations = UsageDescriptions(
        whenInUse: "Your location is shown on the map and used to find places near you.",
        temporaryPurposes: [purposeKey: "Precise location shows exactly where you are on the map."],
        defaultAccuracyReduced: true
    )

    static func fix(second: Double, course: Double) -> Location {
        Location(
            coordinate: Coordinate(latitude: 48.8584, longitude: 2.2945),
            horizontalAccuracy: 5,
            course: course,
            timestamp: Date(timeIntervalSince1970: 1_700_000_000 + second)
        )
    }

    /// Yields to the model's task until `condition` holds, at most 10,000 times: whether it came to hold.
    static func yield(until condition: () -> Bool) async -> Bool {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
        return condition()
    }

    @Test("The article's flow: explanation, prompt, a circle and the button, then precise: a dot and no button")
    func theArticlesFlowFromTheExplanationToThePreciseDot() async throws {
        let person = ScriptedPerson([.allowWhileUsing(precise: false), .allowPrecise])
        let os = await SimulatedOS(
            appID: "org.example.map",
            declarations: Self.declarations,
            prompter: person,
            coarsener: Coarsener(secret: Coarsener.Secret(k0: 7, k1: 7)),
            clock: TestClock()
        )
        let source = ScriptedSource()
        let model = LocationPermissionModel(
            client: .simulated(os: os, source: source),
            purposeKey: Self.purposeKey,
            bearingSource: .course
        )

        // First launch: the explanation, and nothing else.
        #expect(model.screen == .explanation)
        #expect(!model.showsRequestPreciseButton)
        #expect(model.indicator == .hidden)

        // "Continue": the system prompt, with the Precise switch off (approximate by default).
        await model.requestPermission()
        #expect(person.prompts.first?.kind == .whenInUse)
        #expect(person.prompts.first?.preciseByDefault == false)
        #expect(model.screen == .hidden)
        #expect(model.authorization?.accuracy == .reducedAccuracy)

        // The map: a circle kilometres wide, the button under it, no ETA.
        let updates = await model.client.liveUpdates()
        var iterator = updates.makeAsyncIterator()
        #expect(await source.send(Self.fix(second: 0, course: 90)))
        while let update = try await iterator.next() {
            model.apply(update)
            if update.location != nil { break }
        }
        guard case .approximate(_, let radius) = model.indicator else {
            Issue.record("expected a circle under approximate location, got \(model.indicator)")
            return
        }
        #expect(radius >= UserLocationIndicator.approximateAccuracyThreshold)
        #expect(model.showsRequestPreciseButton)
        #expect(!model.preciseFeaturesAvailable)

        // "Request Precise Location": the purpose's prompt, then a dot along the course, and no button.
        await model.requestPrecise()
        #expect(person.prompts.last?.kind == .temporaryFullAccuracy)
        #expect(person.prompts.last?.purposeKey == Self.purposeKey)
        #expect(!model.showsRequestPreciseButton)
        #expect(model.preciseFeaturesAvailable)
        #expect(await source.send(Self.fix(second: 1, course: 90)))
        while let update = try await iterator.next() {
            model.apply(update)
            if update.location?.horizontalAccuracy == 5 { break }
        }
        #expect(model.indicator == .precise(Coordinate(latitude: 48.8584, longitude: 2.2945), bearing: 90))
    }

    @Test("followLocation applies every update, so the indicator follows the person, until its task is cancelled")
    func followLocationKeepsTheIndicatorCurrent() async throws {
        let person = ScriptedPerson([.allowWhileUsing(precise: true)])
        let os = await SimulatedOS(
            appID: "org.example.map",
            declarations: UsageDescriptions(whenInUse: "Your location is shown on the map."),
            prompter: person,
            clock: TestClock()
        )
        let source = ScriptedSource()
        let model = LocationPermissionModel(client: .simulated(os: os, source: source), bearingSource: .course)
        let following = Task { await model.followLocation() }

        await model.requestPermission()
        let first = Self.fix(second: 0, course: 180)
        while !(await source.send(first)) { await Task.yield() }
        #expect(await Self.yield(until: { model.indicator != .hidden }))
        #expect(model.indicator == .precise(first.coordinate, bearing: 180))

        var second = Self.fix(second: 1, course: 270)
        second.coordinate = Coordinate(latitude: 48.86, longitude: 2.3)
        #expect(await source.send(second))
        #expect(await Self.yield(until: { model.indicator != .precise(first.coordinate, bearing: 180) }))
        #expect(model.indicator == .precise(second.coordinate, bearing: 270))

        following.cancel()
        await following.value
        #expect(model.lastError == nil)
    }
}
