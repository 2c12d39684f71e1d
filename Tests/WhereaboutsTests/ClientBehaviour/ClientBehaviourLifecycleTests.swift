import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// What the app's life and a service session do to requests and streams in flight, through both clients: Allow Once
/// lapsing while streaming, the app terminated while a prompt is up, a session invalidated while its prompt is up.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ClientBehaviourLifecycleTests {
    static let fix = location(latitude: 52.52, second: 0)
    static let droppedFix = location(latitude: 52.53, second: 60)
    static let laterFix = location(latitude: 52.54, second: 120)

    static func location(latitude: Double, second: Double) -> Location {
        Location(
            coordinate: Coordinate(latitude: latitude, longitude: 13.405),
            horizontalAccuracy: 5,
            timestamp: Date(timeIntervalSince1970: 1_700_000_000 + second)
        )
    }

    /// Reads updates until one carries a location, and returns it (`nil` if the stream ends first).
    static func nextLocation(
        _ updates: inout AsyncThrowingStream<LocationUpdate, any Error>.Iterator
    ) async throws -> Location? {
        while let update = try await updates.next(isolation: #isolation) {
            if let location = update.location { return location }
        }
        return nil
    }

    @Test(
        "Allow Once lapses in the background while streaming: the stream says not determined, and no fix comes after",
        arguments: ClientKind.allCases
    )
    func allowOnceLapsesWhileStreaming(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: false)
        let client = device.client
        let request = Task { try await client.requestWhenInUseAuthorization() }
        #expect(await device.promptOnScreen() == .whenInUse)
        await device.answer(.allowOnce(precise: true))
        let granted = try await request.value
        #expect(granted.status == .whenInUseAsReported)
        // iOS reads When In Use for Allow Once and for Allow While Using App: a client on a device cannot tell them
        // apart, so an app must not see the difference in tests either.
        #expect(granted.resolution == .answered(.allowWhileUsing(precise: true)))

        var updates = await client.liveUpdates().makeAsyncIterator()
        #expect(try await updates.next()?.location == nil)  // the first update: the diagnostics
        await device.locateWhenAsked(Self.fix)
        #expect(try await updates.next()?.location?.coordinate == Self.fix.coordinate)

        await device.enterBackground()
        var lapsed: LocationUpdate?
        while let update = try await updates.next() {
            #expect(update.location == nil, "a fix reached the app after it left the foreground")
            if update.authorization.status == .notDetermined {
                lapsed = update
                break
            }
        }
        #expect(lapsed?.location == nil)
        #expect(lapsed?.authorization.status == .notDetermined)
        #expect(await client.authorization().status == .notDetermined)
        #expect(await client.location() == nil)
        await device.deviceFinds(Self.droppedFix)

        // Back in the foreground the app asks again; the first fix it then gets is the one found after the new grant.
        await device.enterForeground()
        let again = Task { try await client.requestWhenInUseAuthorization() }
        #expect(await device.promptOnScreen() == .whenInUse)
        await device.answer(.allowWhileUsing(precise: true))
        #expect(try await again.value.status == .whenInUseAsReported)
        await device.locateWhenAsked(Self.laterFix)
        #expect(try await Self.nextLocation(&updates)?.coordinate == Self.laterFix.coordinate)
        #expect(await device.promptsShown() == 2)
    }

    @Test(
        "Terminated while the prompt is up: the prompt goes away unanswered and the waiting request completes",
        arguments: ClientKind.allCases
    )
    func terminateWhileThePromptIsUp(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: false)
        let client = device.client
        let request = Task { try await client.requestWhenInUseAuthorization() }
        #expect(await device.promptOnScreen() == .whenInUse)
        await device.waitForWaitingRequests(1)

        await device.terminate()

        #expect(await device.isPromptOnScreen() == false)
        let held = await device.heldWork()
        #expect(held.isEmpty, "the client still holds \(held)")
        if held.isEmpty {
            let outcome = try await request.value
            #expect(outcome.status == .notDetermined)
            #expect(outcome.resolution == .ignored(.notInForeground))
        } else {
            // End what the client left waiting, so that this test leaves nothing behind.
            request.cancel()
            _ = try? await request.value
        }
        #expect(await device.promptsShown() == 1)
    }

    @Test(
        "To the background while the prompt is up: the prompt goes away unanswered and the waiting request completes",
        arguments: ClientKind.allCases
    )
    func backgroundWhileThePromptIsUp(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: false)
        let client = device.client
        let request = Task { try await client.requestWhenInUseAuthorization() }
        #expect(await device.promptOnScreen() == .whenInUse)
        await device.waitForWaitingRequests(1)

        await device.enterBackground()
        await device.enterForeground()

        #expect(await device.isPromptOnScreen() == false)
        let held = await device.heldWork()
        #expect(held.isEmpty, "the client still holds \(held)")
        if held.isEmpty {
            let outcome = try await request.value
            #expect(outcome.status == .notDetermined)
            #expect(outcome.resolution == .ignored(.notInForeground))
        } else {
            request.cancel()
            _ = try? await request.value
        }
        // Asked again in the foreground, the prompt comes back.
        let again = Task { try await client.requestWhenInUseAuthorization() }
        #expect(await device.promptOnScreen() == .whenInUse)
        await device.answer(.allowWhileUsing(precise: true))
        #expect(try await again.value.status == .whenInUseAsReported)
        #expect(await device.promptsShown() == 2)
    }

    @Test(
        "To the background while the precise prompt is up: the prompt goes away, the request completes, still reduced",
        arguments: ClientKind.allCases
    )
    func backgroundWhileThePrecisePromptIsUp(_ kind: ClientKind) async throws {
        let device = await kind.make(status: .authorizedWhenInUse, precise: false)
        let client = device.client
        let request = Task { try await client.requestTemporaryFullAccuracy(purposeKey: "Navigation") }
        #expect(await device.promptOnScreen() == .temporaryFullAccuracy)

        await device.enterBackground()

        #expect(await device.isPromptOnScreen() == false)
        let outcome = try await request.value
        #expect(outcome.accuracy == .reducedAccuracy)
        #expect(outcome.resolution != .answered(.allowPrecise))
        await device.enterForeground()
        #expect(await client.authorization().accuracy == .reducedAccuracy)
        #expect(await device.heldWork() == [])
    }

    @Test(
        "Cancelling the precise request while its prompt is up throws cancelled at once; the answer still arrives",
        arguments: ClientKind.allCases
    )
    func cancelPreciseRequestMidPrompt(_ kind: ClientKind) async throws {
        @MainActor final class Flag { var isSet = false }
        let device = await kind.make(status: .authorizedWhenInUse, precise: false)
        let client = device.client
        var updates = await client.authorizationUpdates().makeAsyncIterator()
        #expect(await updates.next()?.accuracy == .reducedAccuracy)
        let request = Task { try await client.requestTemporaryFullAccuracy(purposeKey: "Navigation") }
        #expect(await device.promptOnScreen() == .temporaryFullAccuracy)
        let finished = Flag()
        Task { @MainActor in
            _ = await request.result
            finished.isSet = true
        }

        request.cancel()
        // Each look at the client goes through it (the engine's actor, the main actor), so this waits as long as the
        // client needs to act on the cancellation.
        _ = await eventually {
            _ = await device.heldWork()
            return finished.isSet
        }
        #expect(finished.isSet, "the cancelled request still waits for the person's answer")

        await device.answer(.allowPrecise)
        #expect(await updates.next()?.accuracy == .fullAccuracy)
        let result = await request.result
        let error = #expect(throws: LocationError.self) { try result.get() }
        #expect(error?.code == .cancelled)
    }

    @Test(
        "A session invalidated while its prompt is up: the waiting request gets the answer, nothing is left held",
        arguments: ClientKind.allCases
    )
    func sessionInvalidatedWhileItsPromptIsUp(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: false)
        let client = device.client
        let session = await client.startServiceSession(authorization: .whenInUse)
        #expect(await device.promptOnScreen() == .whenInUse)
        var diagnostics = session.diagnostics().makeAsyncIterator()
        var first = await diagnostics.next()
        #if WHEREABOUTS_LIVE_BEHAVIOUR
        // Core Location's own diagnostics reach the client asynchronously; the client's first value, worked out by its
        // own rules, can come before them.
        while first?.contains(.authorizationRequestInProgress) == false { first = await diagnostics.next() }
        #endif
        #expect(first?.contains(.authorizationRequestInProgress) == true)
        let alreadyWaiting = await device.waitingRequests()
        let request = Task { try await client.requestWhenInUseAuthorization() }
        await device.waitForWaitingRequests(alreadyWaiting + 1)

        await session.invalidate()

        // The session's diagnostics end with it.
        while await diagnostics.next() != nil {}
        // iOS has no way for an app to take a system alert back: the prompt stays until the person answers it.
        #expect(await device.isPromptOnScreen())
        await device.answer(.allowWhileUsing(precise: true))
        let outcome = try await request.value
        #expect(outcome.status == .whenInUseAsReported)
        #expect(outcome.resolution == .answered(.allowWhileUsing(precise: true)))
        #expect(await device.heldWork() == [])
        #expect(await device.promptsShown() == 1)
    }
}
