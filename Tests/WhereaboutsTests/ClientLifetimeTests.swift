import Foundation
import Testing

@testable import Whereabouts

/// A stream a client hands out keeps its location manager alive while it is read, as an app that keeps a
/// `for await` loop running expects: dropping the client value does not end the loop.
@Suite(.timeLimit(.minutes(5)))
struct ClientLifetimeTests {
    /// The status of the next authorization change the iterator reads, skipping other events.
    static func nextStatus(_ events: inout AsyncStream<LocationEvent>.Iterator) async -> AuthorizationStatus? {
        while let event = await events.next(isolation: #isolation) {
            if case .didChangeAuthorization(let authorization) = event { return authorization.status }
        }
        return nil
    }

    @Test("events() goes on after the client value it came from is gone")
    func eventsOutliveTheirClient() async {
        let harness = await EngineHarness()
        var events = await LocationClient.simulated(os: harness.engine, source: harness.source).events()
            .makeAsyncIterator()
        #expect(await Self.nextStatus(&events) == .notDetermined)
        await harness.engine.changeSettings(status: .authorizedWhenInUse, precise: true)
        #expect(await Self.nextStatus(&events) == .authorizedWhenInUse)
    }

    @Test("authorizationUpdates() goes on after the client value it came from is gone")
    func authorizationUpdatesOutliveTheirClient() async {
        let harness = await EngineHarness()
        var updates = await LocationClient.simulated(os: harness.engine, source: harness.source)
            .authorizationUpdates().makeAsyncIterator()
        #expect(await updates.next(isolation: #isolation)?.status == .notDetermined)
        await harness.engine.changeSettings(status: .authorizedWhenInUse, precise: true)
        var next = await updates.next(isolation: #isolation)
        while let current = next, current.status == .notDetermined { next = await updates.next(isolation: #isolation) }
        #expect(next?.status == .authorizedWhenInUse)
    }
}
