import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// What the app reads from Core Location's callbacks holds at once: no authorization with a stale Location Services
/// switch, no update without a location ahead of the fix that clears a diagnostic.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct ManagerClientDiagnosticsTests {
    @Test("Location Services back on: the app reads its grant back with Location Services on, in one change")
    func servicesBackOnInOneChange() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        harness.ios.servicesEnabled = false
        harness.ios.settings()
        let off = await harness.client.authorization()
        #expect(off.status == .denied)
        #expect(!off.servicesEnabled)
        var changes = await harness.client.authorizationUpdates().makeAsyncIterator()
        #expect(await changes.next() == off)

        harness.ios.servicesEnabled = true
        harness.ios.settings()
        let on = await changes.next()
        #expect(on?.status == .authorizedWhenInUse)
        #expect(on?.servicesEnabled == true)
    }

    @Test("Live updates: the fix after Core Location had none carries the cleared diagnostics itself")
    func fixAfterLocationUnknownClearsTheDiagnostic() async throws {
        let harness = Harness(status: .authorizedWhenInUse)
        var updates = await harness.client.liveUpdates().makeAsyncIterator()
        #expect(try await updates.next()?.diagnostics == [])
        harness.ios.send(.didFailWithError(ManagerError(code: ManagerError.locationUnknown, message: "no fix")))
        #expect(try await updates.next()?.diagnostics == [.locationUnavailable])

        harness.ios.send(.didUpdateLocations([deviceFix(0)]))
        let next = try await updates.next()
        #expect(next?.location == deviceFix(0))
        #expect(next?.diagnostics == [])
    }
}
