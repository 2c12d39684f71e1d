import Foundation
import Whereabouts

/// The state of one replay, touched only by the consuming task, one call at a time.
///
/// Opening and reading the input (`read(2)` on a file, a pipe or a FIFO, which waits for its writer) and parsing
/// what was read run on a thread of the replay's own (``reads``), never on a thread of Swift's cooperative pool:
/// the consumer's task suspends while a read waits. At `--speed max` that is one hop per batch.
final class Player: @unchecked Sendable {
    // @unchecked: AsyncThrowingStream(unfolding:) calls `next()` from the consumer's task, never
    // concurrently, and drops the closure (and this object, closing the file) on cancellation. The work handed to
    // `reads` runs while that call awaits it, so it is never concurrent with the rest either.
    let source: ReplaySource
    /// The thread the input is opened, read and parsed on.
    private let reads = ThreadOfItsOwn(name: "WhereaboutsReplay.reads")
    var reader: (any TrackReader)?
    var lastTrackTime: Date?
    var firstTrackTime: Date?
    var loopShift: TimeInterval = 0
    var emitted = 0
    var plays = 1
    /// Fixes since the last `Task.yield()` at `.asFastAsPossible`.
    var sinceYield = 0
    /// A failure met while filling a batch, thrown on the next call.
    var pendingFailure: (any Error)?
    /// Whether a batch met the end of the replay.
    var ended = false
    /// Whether the input can be read once only (standard input, a pipe, a FIFO): it does not loop.
    var readsOnce = false

    init(source: ReplaySource) {
        self.source = source
    }

    func next() async throws -> SourceEvent? {
        guard let event = try await reads.run({ () throws -> SourceEvent? in try self.read() }) else { return nil }
        guard case .location(var location) = event else { return event }
        try await pace(until: location.timestamp)
        location.timestamp = location.timestamp.addingTimeInterval(loopShift)
        emitted += 1
        return .location(location)
    }

    /// The next event of the replay, across loops, before pacing and the loop's time shift; `nil` at the end.
    private func read() throws -> SourceEvent? {
        while true {
            if reader == nil { reader = try open() }
            // Read in place: copying the reader out would copy its buffers on the next read.
            if let event = try reader?.next() { return event }
            guard source.looping.allowsAnother(after: plays), emitted > 0 else { return nil }
            if readsOnce { return nil }
            plays += 1
            if let last = lastTrackTime, let first = firstTrackTime {
                loopShift += last.timeIntervalSince(first) + 1
            }
            firstTrackTime = nil
            reader = nil
        }
    }

    /// Up to `limit` events, at least one, or `nil` at the end; a failure after the first event waits for the
    /// next call, so the events read before it are handed over first.
    func nextBatch(limit: Int) async throws -> [SourceEvent]? {
        if let failure = pendingFailure {
            pendingFailure = nil
            throw failure
        }
        if source.speed == .asFastAsPossible { return try await unpacedBatch(limit: limit) }
        guard !ended, let first = try await next() else { return nil }
        var batch = [first]
        batch.reserveCapacity(limit)
        while batch.count < limit {
            do {
                guard let event = try await next() else {
                    ended = true
                    break
                }
                batch.append(event)
            } catch {
                pendingFailure = error
                break
            }
        }
        return batch
    }

    /// Up to `limit` events read straight from the file without pacing, as ``nextBatch(limit:)``, on the replay's
    /// own thread; the task suspends while the batch is read, so Ctrl-C's handler and the consent watcher get a
    /// thread of the pool on a busy machine.
    private func unpacedBatch(limit: Int) async throws -> [SourceEvent]? {
        try await reads.run { () throws -> [SourceEvent]? in try self.readUnpacedBatch(limit: limit) }
    }

    /// The work of ``unpacedBatch(limit:)``: blocking reads.
    private func readUnpacedBatch(limit: Int) throws -> [SourceEvent]? {
        guard !ended, let first = try read() else { return nil }
        var batch: [SourceEvent] = []
        batch.reserveCapacity(limit)
        var next: SourceEvent? = first
        while let event = next {
            if case .location(var location) = event {
                lastTrackTime = location.timestamp
                if firstTrackTime == nil { firstTrackTime = location.timestamp }
                location.timestamp = location.timestamp.addingTimeInterval(loopShift)
                emitted += 1
                batch.append(.location(location))
            } else {
                batch.append(event)
            }
            guard batch.count < limit else { break }
            do {
                next = try read()
                if next == nil { ended = true }
            } catch {
                pendingFailure = error
                break
            }
        }
        return batch
    }

    private func pace(until time: Date) async throws {
        defer {
            lastTrackTime = time
            if firstTrackTime == nil { firstTrackTime = time }
        }
        guard let previous = lastTrackTime, firstTrackTime != nil else { return }
        let gap = min(max(0, time.timeIntervalSince(previous)), ReplaySource.longestGap / .seconds(1))
        let wait: Double
        switch source.speed {
        case .asFastAsPossible:
            // A replay that never waits never gives its thread back: on a 2-core machine the engine's
            // pump and the consumer then hold both threads of the pool, and Ctrl-C's handler and the
            // consent watcher wait for the whole backlog. Let them in every 64 fixes.
            sinceYield += 1
            if sinceYield >= 64 {
                sinceYield = 0
                await Task.yield()
            }
            return
        case .realTime: wait = gap
        case .multiplier(let factor):
            guard factor > 0 else { return }
            let speed = ReplaySource.Speed.self
            wait = gap / min(max(factor, speed.slowestMultiplier), speed.fastestMultiplier)
        }
        // At most longestGap / slowestMultiplier seconds: the nanoseconds fit an Int64 with room to spare.
        guard wait > 0, wait.isFinite else { return }
        try await source.clock.sleep(for: .nanoseconds(Int64(wait * 1e9)))
    }

    private func open() throws(ReplayIssue) -> any TrackReader {
        var input: ByteInput
        let format: TrackFormat
        // The first play reads what check() opened, if it did: a pipe is never opened twice.
        if let opened = source.handoff.take() {
            input = opened.input
            format = opened.format
        } else {
            switch source.input {
            case .file(let url): input = try ByteInput(contentsOf: url)
            case .standardInput: input = ByteInput(handle: .standardInput, name: "<stdin>")
            case .data(let data, let name): input = ByteInput(data: data, name: name)
            }
            if let chosen = source.format {
                format = chosen
            } else {
                format = try TrackFormat.detect(in: &input)
            }
        }
        readsOnce = input.isReadableOnce
        let report = source.onIssue
        switch format {
        case .gpx:
            // A regular file or bytes in memory can be read again (for routes or waypoints when there is no track);
            // a pipe cannot: the reader keeps what it needs.
            let reopen: (() throws(ReplayIssue) -> ByteInput)?
            switch source.input {
            case .file(let url) where !input.isReadableOnce:
                reopen = { () throws(ReplayIssue) in try ByteInput(contentsOf: url) }
            case .data(let data, let name): reopen = { () throws(ReplayIssue) in ByteInput(data: data, name: name) }
            case .file, .standardInput: reopen = nil
            }
            return GPXReader(
                input: input,
                points: source.points,
                reopen: reopen,
                strict: source.strict,
                onIssue: { report($0) }
            )
        case .nmea:
            return NMEAReader(
                input: input,
                strict: source.strict,
                defaultDate: source.defaultDate,
                includeEstimated: source.includeEstimated,
                onIssue: { report($0) }
            )
        }
    }
}
