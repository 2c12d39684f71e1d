import Foundation
import Testing

@testable import Whereabouts

/// Backpressure through the client logic over a simulated location manager: the same bound on what waits anywhere
/// between the source and the consumer, and the same order after a change of what the app may receive, as the
/// simulated client keeps.
@Suite(.timeLimit(.minutes(5)))
struct ManagerBackpressureTests {
    static func harness() async -> (EngineHarness, PullSource, LocationClient) {
        let harness = await EngineHarness(
            options: AuthorizationEngine.Options(bufferedFixLimit: BackpressureTests.limit)
        )
        await harness.authorize(precise: true)
        let source = PullSource()
        let client = LocationClient.simulatedManager(engine: harness.engine, source: source)
        return (harness, source, client)
    }

    @Test("a consumer that does not read holds the manager's source back: it makes at most the bound and a batch")
    func aStalledConsumerHoldsTheSourceBack() async throws {
        let (_, source, client) = await Self.harness()
        var updates = await client.liveUpdates().makeAsyncIterator()
        _ = try await updates.next()
        await BackpressureTests.letThePumpRun()
        #expect(source.made > 0)
        #expect(source.made <= BackpressureTests.limit + 256)
    }

    @Test("a slow consumer of a fast source through the manager: what waits anywhere stays within the bound")
    func aSlowConsumerKeepsTheBacklogBounded() async throws {
        let (_, source, client) = await Self.harness()
        var read = 0
        var largestBacklog = 0
        for try await update in await client.liveUpdates() {
            guard update.location != nil else { continue }
            read += 1
            largestBacklog = max(largestBacklog, source.made - read)
            if read.isMultiple(of: 97) { await Task.yield() }
            if read == 10_000 { break }
        }
        #expect(largestBacklog <= BackpressureTests.limit + 256)
    }

    @Test("a revoke under full load through the manager is the next thing the consumer reads")
    func aRevokeUnderLoadComesNext() async throws {
        let (harness, _, client) = await Self.harness()
        var updates = try await BackpressureTests.updatesUnderLoad(client)
        await harness.engine.changeSettings(status: .denied)
        let next = try #require(try await updates.next())
        #expect(next.location == nil)
        #expect(next.authorization.status == .denied)
    }

    @Test("Precise off under full load through the manager: no precise fix after it; the next fix is approximate")
    func preciseOffUnderLoad() async throws {
        let (harness, _, client) = await Self.harness()
        var updates = try await BackpressureTests.updatesUnderLoad(client)
        await harness.engine.changeSettings(precise: false)
        let announcement = try #require(try await updates.next())
        #expect(announcement.location == nil)
        #expect(announcement.authorization.accuracy == .reducedAccuracy)
        var next = try #require(try await updates.next())
        while next.location == nil { next = try #require(try await updates.next()) }
        #expect(try #require(next.location).horizontalAccuracy >= 1_000)
    }

    @Test("a live-updates stream through the manager outlives the client value it came from")
    func aStreamOutlivesItsClient() async throws {
        let harness = await EngineHarness(
            options: AuthorizationEngine.Options(bufferedFixLimit: BackpressureTests.limit)
        )
        await harness.authorize(precise: true)
        let source = PullSource()
        var updates = await LocationClient.simulatedManager(engine: harness.engine, source: source).liveUpdates()
            .makeAsyncIterator()
        _ = try await updates.next()
        await BackpressureTests.letThePumpRun()
        let running = await harness.engine.hasStandardConsumers
        #expect(running, "the client value went away, and the manager's updates stopped with it")
        guard running else { return }
        // More than the bound: the source has to go on for the consumer.
        var read = 0
        while read < 2 * BackpressureTests.limit {
            if try #require(try await updates.next()).location != nil { read += 1 }
        }
    }

    @Test("the background without background updates under full load through the manager: no fix comes next")
    func backgroundUnderLoad() async throws {
        let (harness, _, client) = await Self.harness()
        var updates = try await BackpressureTests.updatesUnderLoad(client)
        await harness.engine.handle(.background)
        let next = try #require(try await updates.next())
        #expect(next.location == nil)
    }
}
