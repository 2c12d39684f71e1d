import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// What a request's decision leaves behind — Always declined, precise location declined — is what the next request
/// and the live updates see, through both clients.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ClientBehaviourDecisionTests {
    /// The diagnostics a new live-updates consumer is told first.
    static func diagnostics(of client: LocationClient) async throws -> Set<Diagnostic> {
        var updates = await client.liveUpdates().makeAsyncIterator()
        return try #require(try await updates.next()).diagnostics
    }

    @Test(
        "Always declined with Keep Only While Using stays declined through a revoke and a new While Using grant",
        arguments: ClientKind.allCases
    )
    func alwaysDeclinedOutlivesARevoke(_ kind: ClientKind) async throws {
        let device = await kind.make(authorized: true)
        let client = device.client
        let request = Task { try await client.requestAlwaysAuthorization() }
        #expect(await device.promptOnScreen() == .alwaysUpgrade)
        await device.answer(.keepWhileUsing)
        #expect(try await request.value.resolution == .answered(.keepWhileUsing))
        #expect(try await Self.diagnostics(of: client).contains(.alwaysAuthorizationDenied))

        // The upgrade prompt was shown on this install: a new While Using grant does not undo the person's answer.
        await device.revoke()
        #expect(await client.authorization().status == .denied)
        await device.changeSettings(status: .authorizedWhenInUse, precise: nil)
        #expect(await client.authorization().status == .whenInUseAsReported)
        #expect(try await Self.diagnostics(of: client).contains(.alwaysAuthorizationDenied))
        let again = try await client.requestAlwaysAuthorization()
        #expect(again.resolution == .ignored(.alwaysAlreadyRequested))
        #expect(await device.promptKindsShown() == [.alwaysUpgrade])
    }

    @Test(
        "Precise location declined: the live updates say so, and the next request shows the prompt again",
        arguments: ClientKind.allCases
    )
    func preciseDeclinedAsksAgain(_ kind: ClientKind) async throws {
        let device = await kind.make(status: .authorizedWhenInUse, precise: false)
        let client = device.client
        let request = Task { try await client.requestTemporaryFullAccuracy(purposeKey: "Navigation") }
        #expect(await device.promptOnScreen() == .temporaryFullAccuracy)
        await device.answer(.dontAllowPrecise)
        #expect(
            try await request.value
                == AccuracyOutcome(accuracy: .reducedAccuracy, resolution: .answered(.dontAllowPrecise))
        )
        #expect(try await Self.diagnostics(of: client).isSuperset(of: [.accuracyLimited, .fullAccuracyDenied]))

        // A decline is not remembered as a refusal: the next request shows the prompt again.
        let second = Task { try await client.requestTemporaryFullAccuracy(purposeKey: "Navigation") }
        #expect(await device.promptOnScreen() == .temporaryFullAccuracy)
        await device.answer(.allowPrecise)
        #expect(
            try await second.value == AccuracyOutcome(accuracy: .fullAccuracy, resolution: .answered(.allowPrecise))
        )
        #expect(await client.authorization().isFullAccuracyTemporary)
        #expect(try await Self.diagnostics(of: client).isDisjoint(with: [.accuracyLimited, .fullAccuracyDenied]))
        #expect(await device.promptKindsShown() == [.temporaryFullAccuracy, .temporaryFullAccuracy])
    }
}
