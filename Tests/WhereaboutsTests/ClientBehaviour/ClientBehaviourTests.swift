import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Behaviour an app relies on, run through both clients: what passes on the simulated client must pass on the
/// client logic that runs on a device, and the other way round.
@MainActor
@Suite(.timeLimit(.minutes(5)))
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
            #expect(outcome.status == .whenInUseAsReported)
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
        #expect(model.authorization?.status == .whenInUseAsReported)
        #expect(model.showsRequestPreciseButton == false)  // no purpose key given
    }

    @Test("Eight waiters and one fix: every requestLocation() gets it", arguments: ClientKind.allCases)
    func eightWaitersOneFix(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let client = device.client
        let requests = (0..<8).map { _ in Task { try await client.requestLocation() } }
        await device.waitForLocationRequests(8)
        await device.locateWhenAsked(Self.fix)
        for request in requests {
            #expect(try await request.value.coordinate == Self.fix.coordinate)
        }
    }

    @Test(
        "requestLocation() with no fix throws locationUnavailable instead of waiting forever",
        arguments: ClientKind.allCases
    )
    func requestLocationWithNoFix(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let client = device.client
        let request = Task { try await client.requestLocation() }
        await device.noFixComes()
        let error = await #expect(throws: LocationError.self) { try await request.value }
        #expect(error?.code == .locationUnavailable)
    }

    @Test(
        "Cancelling a request while the prompt is up throws cancelled at once; the answer still arrives",
        arguments: ClientKind.allCases
    )
    func cancelMidPrompt(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: false)
        let client = device.client
        var updates = await client.authorizationUpdates().makeAsyncIterator()
        #expect(await updates.next()?.status == .notDetermined)
        let request = Task { try await client.requestWhenInUseAuthorization() }
        _ = await device.promptOnScreen()
        request.cancel()
        let error = await #expect(throws: LocationError.self) { try await request.value }
        #expect(error?.code == .cancelled)

        await device.answer(.allowWhileUsing(precise: true))
        #expect(await updates.next()?.status == .whenInUseAsReported)
    }

    @Test(
        "Revoked while streaming: the next update says denied and carries no location",
        arguments: ClientKind.allCases
    )
    func revokeWhileStreaming(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        var updates = await device.client.liveUpdates().makeAsyncIterator()
        #expect(try await updates.next()?.location == nil)  // the first update: the diagnostics
        await device.locateWhenAsked(Self.fix)
        #expect(try await updates.next()?.location?.coordinate == Self.fix.coordinate)

        await device.revoke()
        let revoked = try #require(try await updates.next())
        #expect(revoked.authorization.status == .denied)
        #expect(revoked.location == nil)
        #expect(await device.client.location() == nil)
    }
}
