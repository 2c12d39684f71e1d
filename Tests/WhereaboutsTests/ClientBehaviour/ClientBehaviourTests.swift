import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Behaviour an app relies on, run through both clients: what passes on the simulated client must pass on the
/// client logic that runs on a device, and the other way round.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ClientBehaviourTests {
    static let fix = Location(
        coordinate: Coordinate(latitude: 52.52, longitude: 13.405),
        horizontalAccuracy: 5,
        timestamp: Date(timeIntervalSince1970: 1_700_000_000)
    )

    @Test(
        "requestLocation()'s fix reaches events() as didUpdateLocations, once, as iOS tells the delegate",
        arguments: ClientKind.allCases
    )
    func requestLocationIsReportedToEvents(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        var events = await device.client.events().makeAsyncIterator()
        guard case .didChangeAuthorization? = await events.next() else {
            Issue.record("events() did not start with the authorization")
            return
        }
        let request = Task { try await device.client.requestLocation() }
        await device.locateWhenAsked(Self.fix)
        let location = try await request.value

        #expect(location.coordinate == Self.fix.coordinate)
        #expect(await events.next() == .didUpdateLocations([location]))
    }

    @Test(
        "Three requests while the prompt is up: one prompt, and every request completes with its answer",
        arguments: ClientKind.allCases
    )
    func requestsWhileThePromptIsUpWaitForTheAnswer(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: false)
        let client = device.client
        let first = Task { try await client.requestWhenInUseAuthorization() }
        #expect(await device.promptOnScreen() == .whenInUse)
        let second = Task { try await client.requestWhenInUseAuthorization() }
        let third = Task { try await client.requestAlwaysAuthorization() }
        await device.waitForWaitingRequests(3)
        await device.answer(.allowWhileUsing(precise: true))

        for request in [first, second, third] {
            let outcome = try await request.value
            #expect(outcome.resolution == .answered(.allowWhileUsing(precise: true)))
            #expect(outcome.status == .authorizedWhenInUse)
        }
        #expect(await device.promptsShown() == 1)
    }

    @Test(
        "The permission model never shows the explanation behind the prompt, even when asked twice",
        arguments: ClientKind.allCases
    )
    func modelHidesTheExplanationWhileThePromptIsUp(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: false)
        let model = LocationPermissionModel(client: device.client)
        #expect(model.showsPrePermissionExplanation)

        let tap = Task { await model.requestPermission() }
        _ = await device.promptOnScreen()
        let secondTap = Task { await model.requestPermission() }
        await device.waitForWaitingRequests(2)
        #expect(model.isAwaitingAnswer)
        #expect(!model.showsPrePermissionExplanation)

        await device.answer(.allowWhileUsing(precise: false))
        await tap.value
        await secondTap.value
        #expect(!model.isAwaitingAnswer)
        #expect(!model.showsPrePermissionExplanation)
        #expect(model.authorization?.status == .authorizedWhenInUse)
        #expect(model.showsRequestPreciseButton == false)  // no purpose key given
    }
}
