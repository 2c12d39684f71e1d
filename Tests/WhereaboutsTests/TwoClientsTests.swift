import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Two simulated clients on one engine: each owns its source.
@Suite(.timeLimit(.minutes(5)))
struct TwoClientsTests {
    /// A source that yields one fix and stays open, counting how often it was started.
    final class CountingSource: LocationSource, @unchecked Sendable {
        // @unchecked: `started` is guarded by `lock`.
        private let lock = NSLock()
        private var started = 0
        let fix: Location

        init(latitude: Double) {
            fix = Location(
                coordinate: Coordinate(latitude: latitude, longitude: 2.35),
                horizontalAccuracy: 5,
                timestamp: Date(timeIntervalSince1970: 1_790_000_000)
            )
        }

        var starts: Int { lock.withLock { started } }

        func events() -> AsyncThrowingStream<SourceEvent, any Error> {
            lock.withLock { started += 1 }
            let (stream, continuation) = AsyncThrowingStream<SourceEvent, any Error>.makeStream()
            continuation.yield(.location(fix))
            return stream
        }
    }

    @Test("a client owns its source: two clients on one engine never swap each other's source")
    func eachClientOwnsItsSource() async throws {
        let engine = await AuthorizationEngine(
            appID: "com.example.two",
            declarations: UsageDescriptions(whenInUse: "Shows where you are."),
            prompter: ScriptedPerson([])
        )
        await engine.changeSettings(status: .authorizedWhenInUse, precise: true)
        let sourceA = CountingSource(latitude: 48.0)
        let sourceB = CountingSource(latitude: 45.0)
        let clientA = LocationClient.simulated(engine: engine, source: sourceA)
        let clientB = LocationClient.simulated(engine: engine, source: sourceB)

        var updatesA = await clientA.liveUpdates().makeAsyncIterator()
        // Before the fix: calls on either client must not re-wire the other's source.
        #expect(await clientB.authorization().status == .authorizedWhenInUse)
        #expect(await clientA.authorization().status == .authorizedWhenInUse)
        #expect(await clientB.authorization().status == .authorizedWhenInUse)
        var fixA: Location?
        while fixA == nil, let update = try await updatesA.next() { fixA = update.location }
        #expect(fixA == sourceA.fix)
        #expect(sourceA.starts == 1)
        #expect(sourceB.starts == 0, "nothing asked B's source for fixes yet")

        let fixB = try await clientB.requestLocation()
        #expect(fixB == sourceB.fix, "B's one-shot request is answered from B's own source")
        #expect(sourceA.starts == 1, "A's source was never restarted")
        #expect(sourceB.starts == 1)
    }
}
