import Foundation
import Testing
import WhereaboutsTesting

@testable import Whereabouts

/// Backpressure between a source, the engine and a live-updates consumer: what waits is bounded, and a change
/// of what the app may receive is the next thing the consumer reads.
@Suite(.timeLimit(.minutes(5)))
struct BackpressureTests {
    /// The most fixes that wait for one consumer in these tests.
    static let limit = 512

    static func harness() async -> (EngineHarness, PullSource, LocationClient) {
        let harness = await EngineHarness(options: SimulatedOS.Options(bufferedFixLimit: limit))
        await harness.authorize(precise: true)
        let source = PullSource()
        let client = LocationClient.simulated(os: harness.engine, source: source)
        return (harness, source, client)
    }

    /// Gives the engine's pump every chance to run ahead of a consumer that does not read: turns of the pool and of
    /// the main actor (through which the location manager hands fixes on); with `engine`, until fixes wait in its
    /// buffers and their count has held for 20 turns (bounded), so a busy machine cannot cut the pump short.
    static func letThePumpRun(_ engine: SimulatedOS? = nil) async {
        var last = -1
        var held = 0
        for round in 0..<20_000 {
            for _ in 0..<10 { await Task.yield() }
            await MainActor.run {}
            guard let engine else {
                if round == 200 { return }
                continue
            }
            let buffered = await engine.bufferedFixes
            held = buffered > 0 && buffered == last ? held + 1 : 0
            last = buffered
            if held == 20 { return }
        }
    }

    /// A consumer of `client`'s live updates that has read 2,000 fixes, with the pump then left to fill its mailbox:
    /// the source is running at full speed when the test changes the grant.
    static func updatesUnderLoad(
        _ client: LocationClient,
        engine: SimulatedOS
    ) async throws -> AsyncThrowingStream<LocationUpdate, any Error>.AsyncIterator {
        var updates = await client.liveUpdates().makeAsyncIterator()
        var read = 0
        while read < 2_000 {
            if try await updates.next()?.location != nil { read += 1 }
        }
        await letThePumpRun(engine)
        return updates
    }

    @Test("a consumer that does not read holds a pull-based source back: it makes at most the bound and a batch")
    func aStalledConsumerHoldsTheSourceBack() async throws {
        let (harness, source, client) = await Self.harness()
        var updates = await client.liveUpdates().makeAsyncIterator()
        _ = try await updates.next()
        await Self.letThePumpRun(harness.engine)
        #expect(source.made > 0)
        #expect(source.made <= Self.limit + 256)
        #expect(await harness.engine.bufferedFixes <= Self.limit)
        // Reading frees room, and the source goes on.
        for _ in 0..<(Self.limit + 10) { _ = try await updates.next() }
        await Self.letThePumpRun(harness.engine)
        #expect(source.made > Self.limit + 10)
        #expect(source.made - (Self.limit + 10) <= Self.limit + 256)
    }

    @Test("a live-updates stream outlives the client value it came from: the location manager runs while it is read")
    func aStreamOutlivesItsClient() async throws {
        let harness = await EngineHarness(
            options: SimulatedOS.Options(bufferedFixLimit: Self.limit)
        )
        await harness.authorize(precise: true)
        let source = PullSource()
        var updates = await LocationClient.simulated(os: harness.engine, source: source).liveUpdates()
            .makeAsyncIterator()
        _ = try await updates.next()
        await Self.letThePumpRun(harness.engine)
        let running = await harness.engine.hasStandardConsumers
        #expect(running, "the client value went away, and the manager's updates stopped with it")
        guard running else { return }
        // More than the bound: the source has to go on for the consumer.
        var read = 0
        while read < 2 * Self.limit {
            if try #require(try await updates.next()).location != nil { read += 1 }
        }
    }

    @Test("a slow consumer of a fast source: what waits anywhere stays within the bound, fix after fix")
    func aSlowConsumerKeepsTheBacklogBounded() async throws {
        let (harness, source, client) = await Self.harness()
        var read = 0
        var largestBacklog = 0
        for try await update in await client.liveUpdates() {
            guard update.location != nil else { continue }
            read += 1
            // Everything the source made and the consumer has not read waits somewhere between them.
            largestBacklog = max(largestBacklog, source.made - read)
            if read.isMultiple(of: 97) { await Task.yield() }
            if read.isMultiple(of: 1_000) { #expect(await harness.engine.bufferedFixes <= Self.limit) }
            if read == 20_000 { break }
        }
        #expect(read == 20_000)
        #expect(largestBacklog <= Self.limit + 256)
    }

    @Test(
        "memory stays flat: 300,000 fixes through a slow consumer grow the resident set by far less than they weigh",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm"))
    )
    func memoryStaysFlat() async throws {
        let (_, _, client) = await Self.harness()
        var read = 0
        var baseline: Int?
        var growth = 0
        for try await update in await client.liveUpdateBatches() {
            read += update.count { $0.location != nil }
            await Task.yield()
            if baseline == nil, read >= 10_000 { baseline = Self.residentBytes() }
            if let baseline { growth = max(growth, Self.residentBytes() - baseline) }
            if read >= 300_000 { break }
        }
        // 300,000 queued updates would weigh well over 60 MB; the bound keeps about 1,000 (a few hundred KB).
        // The margin is for the other tests running in this process at the same time.
        #expect(growth < 48 << 20, "the resident set grew by \(growth >> 20) MB")
    }

    @Test("a revoke under full load is the next thing the consumer reads: no fix queued before it is handed out")
    func aRevokeUnderLoadComesNext() async throws {
        let (harness, _, client) = await Self.harness()
        var updates = try await Self.updatesUnderLoad(client, engine: harness.engine)
        #expect(await harness.engine.bufferedFixes > 0)
        await harness.engine.changeSettings(status: .denied)
        #expect(await harness.engine.bufferedFixes == 0)
        let next = try #require(try await updates.next())
        #expect(next.location == nil)
        #expect(next.authorization.status == .denied)
    }

    @Test("the batched stream: a revoke drops what waits, and the next batch starts with the revoke")
    func aRevokeUnderLoadComesNextInBatches() async throws {
        let (harness, _, client) = await Self.harness()
        var batches = await client.liveUpdateBatches().makeAsyncIterator()
        var read = 0
        while read < 2_000 {
            read += try #require(try await batches.next()).count { $0.location != nil }
        }
        await Self.letThePumpRun(harness.engine)
        await harness.engine.changeSettings(status: .denied)
        let next = try #require(try await batches.next())
        #expect(next.allSatisfy { $0.location == nil })
        #expect(next.first?.authorization.status == .denied)
    }

    @Test("Precise off under full load: no precise fix is handed out after it; the next fix is approximate")
    func preciseOffUnderLoad() async throws {
        let (harness, _, client) = await Self.harness()
        var updates = try await Self.updatesUnderLoad(client, engine: harness.engine)
        await harness.engine.changeSettings(precise: false)
        let announcement = try #require(try await updates.next())
        #expect(announcement.location == nil)
        #expect(announcement.authorization.accuracy == .reducedAccuracy)
        var next = try #require(try await updates.next())
        while next.location == nil { next = try #require(try await updates.next()) }
        let location = try #require(next.location)
        #expect(next.authorization.accuracy == .reducedAccuracy)
        #expect(location.horizontalAccuracy >= 1_000)
        #expect(location.speed == nil && location.altitude == nil)
    }

    @Test("going to the background without background updates under full load: the change comes next, no fix after")
    func backgroundUnderLoad() async throws {
        let (harness, _, client) = await Self.harness()
        var updates = try await Self.updatesUnderLoad(client, engine: harness.engine)
        await harness.engine.handle(.background)
        #expect(await harness.engine.bufferedFixes == 0)
        let next = try #require(try await updates.next())
        #expect(next.location == nil)
        await harness.engine.handle(.foreground)
        // Back in the foreground, fixes flow again.
        var fix = try #require(try await updates.next())
        while fix.location == nil { fix = try #require(try await updates.next()) }
    }

    @Test(
        "sources whose fixes the app may not receive do not hold the threads: every engine answers while they run"
    )
    func droppedFixesDoNotHoldTheThreads() async throws {
        // One engine more than the cooperative pool has threads, each with a consumer, an app in the background
        // without background updates (the standard service keeps running; after a revoke the client logic over a
        // location manager stops it, and its source with it) and a source that never waits: every fix it makes is
        // dropped, so no mailbox fills and nothing makes the pump wait. A pump that never gave its thread back would hold one thread until its source ended, and with
        // all of them held this test would not run again before one source had made all its fixes.
        let total = 2_000_000
        let engines = ProcessInfo.processInfo.activeProcessorCount + 1
        var running: [(EngineHarness, PullSource, AsyncThrowingStream<LocationUpdate, any Error>.AsyncIterator)] = []
        for _ in 0..<engines {
            let (harness, _, _) = await Self.harness()
            let source = PullSource(total: total)
            let client = LocationClient.simulated(os: harness.engine, source: source)
            var updates = await client.liveUpdates().makeAsyncIterator()
            _ = try await updates.next()
            await harness.engine.handle(.background)
            running.append((harness, source, updates))
        }
        // Each source makes at least ten batches of fixes nobody may receive.
        var turns = 0
        while running.contains(where: { $0.1.made < 10 * 256 }), turns < 1_000_000 {
            await Task.yield()
            turns += 1
        }
        #expect(running.allSatisfy { $0.1.made >= 10 * 256 }, "every pump ran")
        #expect(running.allSatisfy { $0.1.made < total }, "this test ran again while every source was running")
        for (harness, _, _) in running {
            #expect(await harness.engine.bufferedFixes == 0)
        }
    }

    /// How the grant narrows while a consumer is partway through a batch.
    enum Narrowing: String, CaseIterable, Sendable {
        case revoke
        case preciseOff
    }

    @Test(
        "a batch partly read when the grant narrows: the rest of its fixes are never handed out, the change comes next",
        arguments: Narrowing.allCases
    )
    func aPartlyReadBatchIsRestricted(narrowing: Narrowing) async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        // The client logic reads the OS's batch whole and hands it out one update at a time from its own queue.
        var updates = await harness.client.liveUpdates().makeAsyncIterator()
        #expect(try #require(try await updates.next()).location == nil, "the first update carries no fix")
        let batch = (0..<10).map { PullSource.fix($0) }
        await harness.engine.ingest(batch)
        // Three of the batch's ten fixes are read, one at a time; seven wait.
        for index in 0..<3 {
            let update = try #require(try await updates.next())
            #expect(update.location.map { SourceEvent.location($0) } == batch[index])
        }
        #expect(await harness.engine.deliveryGate.bufferedFixes == 7)
        let reading = try #require(await harness.engine.subscribers.keys.max(), "the location manager reads the OS")

        switch narrowing {
        case .revoke: await harness.engine.changeSettings(status: .denied)
        case .preciseOff: await harness.engine.changeSettings(precise: false)
        }
        #expect(await harness.engine.deliveryGate.bufferedFixes == 0, "the seven waiting fixes are dropped")
        let announcement = try #require(try await updates.next())
        #expect(announcement.location == nil)
        switch narrowing {
        case .revoke:
            #expect(announcement.authorization.status == .denied)
            await harness.authorize(precise: true)
            // A revoke stopped the location manager's updates; the grant coming back starts them again, and a fix
            // ingested before the manager reads the OS once more would reach nobody.
            let readingAgain = await eventually { await harness.engine.subscribers.keys.contains { $0 > reading } }
            try #require(readingAgain, "the location manager reads the OS again once the grant is back")
        case .preciseOff:
            #expect(announcement.authorization.accuracy == .reducedAccuracy)
        }

        // The next fix handed out is one made after the change: none of the seven comes out late.
        let marker = PullSource.fix(100)
        await harness.engine.ingest([marker])
        var next = try #require(try await updates.next())
        var between = 0
        while next.location == nil {
            between += 1
            next = try #require(try await updates.next())
        }
        let location = try #require(next.location)
        guard case .location(let made) = marker else { return }
        #expect(location.timestamp == made.timestamp, "the first fix after the change is the one made after it")
        switch narrowing {
        case .revoke:
            #expect(between == 1, "only the grant coming back is announced before it")
            #expect(SourceEvent.location(location) == marker)
        case .preciseOff:
            #expect(between == 0)
            #expect(location.horizontalAccuracy >= 1_000, "approximate")
        }
    }

    @Test("a batch ingested by hand reaches the consumer as one batch, in order, checked once")
    func aBatchIngestedByHand() async throws {
        let harness = await EngineHarness()
        await harness.authorize(precise: true)
        var batches = await harness.engine.liveUpdateBatches().makeAsyncIterator()
        _ = try await batches.next()
        let events = (0..<10).map { PullSource.fix($0) }
        await harness.engine.ingest(events)
        let batch = try #require(try await batches.next())
        #expect(batch.compactMap(\.location).map { SourceEvent.location($0) } == events)
    }

    @Test("a source without batches of its own is read one event at a time, as the engine asks")
    func theDefaultBatchesReadOneEventAtATime() async throws {
        struct Three: LocationSource {
            func events() -> AsyncThrowingStream<SourceEvent, any Error> {
                AsyncThrowingStream { continuation in
                    for index in 0..<3 { continuation.yield(PullSource.fix(index)) }
                    continuation.finish()
                }
            }
        }
        var batches: [[SourceEvent]] = []
        for try await batch in Three().eventBatches() { batches.append(batch) }
        #expect(batches == (0..<3).map { [PullSource.fix($0)] })
    }

    /// The resident set of this process, from `/proc/self/statm`.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
