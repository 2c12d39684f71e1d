import ConcurrencyExtras
import Foundation
import Testing
import Whereabouts

@testable import WhereaboutsReplay

/// The read-ahead of an unpaced replay: one batch ahead of the consumer, no more, and no read once the consumer is
/// cancelled.
///
/// The replays here read a track in which every fix follows a malformed point: each fix read reports one issue, so
/// the issues count how far the file has been read, whichever task read it.
@Suite(.timeLimit(.minutes(5)))
struct BatchPrefetcherTests {
    /// A replay of `fixes` fixes, each after a malformed point, at full speed, and how many fixes it has read.
    static func countedReplay(fixes: Int) -> (ReplaySource, LockIsolated<Int>) {
        var text = #"<gpx version="1.1"><trk><trkseg>"#
        for index in 0..<fixes {
            let time = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 1_778_925_600 + Double(index)))
            text += "\n<trkpt lat=\"x\" lon=\"2.35\"><time>\(time)</time></trkpt>"
            text += "\n<trkpt lat=\"\(48.85 + Double(index) * 0.0001)\" lon=\"2.35\"><time>\(time)</time></trkpt>"
        }
        text += "\n</trkseg></trk></gpx>\n"
        let reads = LockIsolated(0)
        let source = ReplaySource(
            .data(Data(text.utf8), name: "counted.gpx"),
            speed: .asFastAsPossible,
            onIssue: { _ in reads.withValue { $0 += 1 } }
        )
        return (source, reads)
    }

    /// The fixes of a batch by their place in the track.
    static func indices(_ batch: [SourceEvent]) -> [Int] {
        batch.compactMap {
            guard case .location(let location) = $0 else { return nil }
            return Int(location.timestamp.timeIntervalSince1970 - 1_778_925_600)
        }
    }

    /// Yields until the replay has read `count` fixes, a bounded number of times; whether it got there.
    static func yield(until count: Int, _ reads: LockIsolated<Int>) async -> Bool {
        var yields = 0
        while reads.value < count, yields < 1_000_000 {
            await Task.yield()
            yields += 1
        }
        return reads.value >= count
    }

    /// Gives a read that should not happen every chance to run.
    static func letAReadRun() async {
        for _ in 0..<2_000 { await Task.yield() }
    }

    @Test("an unpaced replay reads the next batch while the consumer has one, and no more than that")
    func readsOneBatchAhead() async throws {
        let size = ReplaySource.preferredBatchSize
        let (source, reads) = Self.countedReplay(fixes: 4 * size)
        var batches = source.eventBatches().makeAsyncIterator()

        let first = try #require(try await batches.next())
        #expect(Self.indices(first) == Array(0..<size))
        #expect(await Self.yield(until: 2 * size, reads), "the next batch is read while the consumer holds this one")
        await Self.letAReadRun()
        #expect(reads.value == 2 * size, "one batch ahead, not more")

        // The batch read ahead is handed over, and only then is the one after it read.
        let second = try #require(try await batches.next())
        #expect(Self.indices(second) == Array(size..<(2 * size)))
        #expect(await Self.yield(until: 3 * size, reads))
        await Self.letAReadRun()
        #expect(reads.value == 3 * size, "one batch ahead, not more")
    }

    /// A consumer task that asks for the next batch once it has been cancelled.
    static func cancelledConsumer(of prefetcher: BatchPrefetcher) -> Task<[SourceEvent]?, any Error> {
        let consumer = Task {
            try? await Task.never()
            return try await prefetcher.next()
        }
        consumer.cancel()
        return consumer
    }

    @Test("a consumer cancelled while it waits for the batch read ahead gets no further read started")
    func noReadAfterCancellation() async throws {
        let (source, reads) = Self.countedReplay(fixes: 10)
        let prefetcher = BatchPrefetcher(player: Player(source: source), limit: 2)
        #expect(Self.indices(try #require(try await prefetcher.next())) == [0, 1])
        #expect(await Self.yield(until: 4, reads), "the next batch is read ahead")

        let batch = try await Self.cancelledConsumer(of: prefetcher).value
        #expect(batch.map(Self.indices) ?? [2, 3] == [2, 3], "nothing but the batch read ahead")
        await Self.letAReadRun()
        #expect(reads.value == 4, "no read after the consumer was cancelled")
    }

    @Test("a consumer cancelled before its first batch: nothing is read ahead of it")
    func noReadAheadForACancelledConsumer() async throws {
        let (source, reads) = Self.countedReplay(fixes: 10)
        let prefetcher = BatchPrefetcher(player: Player(source: source), limit: 2)
        _ = try await Self.cancelledConsumer(of: prefetcher).value
        await Self.letAReadRun()
        #expect(reads.value <= 2, "at most the batch it asked for")
    }
}
