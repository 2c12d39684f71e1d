import Foundation

/// Counters of what a ``GPSDSource`` did, for logs, dashboards and tests.
///
/// Every copy of a source shares one `GPSDStatistics`, and every stream from
/// ``GPSDSource/events()`` adds to it. Reading a counter is safe from any task.
///
/// ```swift
/// let source = GPSDSource(port: port, clock: clock)
/// // … run it …
/// #expect(source.statistics.malformedLines == 1)
/// ```
public final class GPSDStatistics: Sendable {
    /// The counts at one moment.
    struct Counts {
        var connectionAttempts = 0
        var connections = 0
        var reconnects = 0
        var malformedLines = 0
        var reports = 0
        var locations = 0
        var skipped = 0
        var errors = 0
    }

    private let counts = LockedCounts()

    init() {}

    /// How many times the source tried to connect, successfully or not.
    public var connectionAttempts: Int { counts.read(\.connectionAttempts) }
    /// How many connections were made.
    public var connections: Int { counts.read(\.connections) }
    /// How many of those connections were made after an outage (EOF, reset, refused).
    public var reconnects: Int { counts.read(\.reconnects) }
    /// How many lines were not gpsd messages (not JSON, no `class`, too long), skipped.
    public var malformedLines: Int { counts.read(\.malformedLines) }
    /// How many `TPV` reports arrived, with or without a fix.
    public var reports: Int { counts.read(\.reports) }
    /// How many locations the source produced.
    public var locations: Int { counts.read(\.locations) }
    /// How many messages of classes the source does not use (`DEVICE`, `GST`, …) were skipped.
    public var skipped: Int { counts.read(\.skipped) }
    /// How many `ERROR` messages gpsd sent.
    public var errors: Int { counts.read(\.errors) }

    func increment(_ counter: WritableKeyPath<Counts, Int>) {
        counts.increment(counter)
    }
}

/// The counters behind a lock.
private final class LockedCounts: @unchecked Sendable {
    // @unchecked: `counts` is only touched while holding `lock`.
    private let lock = NSLock()
    private var counts = GPSDStatistics.Counts()

    func read(_ counter: KeyPath<GPSDStatistics.Counts, Int>) -> Int {
        lock.withLock { counts[keyPath: counter] }
    }

    func increment(_ counter: WritableKeyPath<GPSDStatistics.Counts, Int>) {
        lock.withLock { counts[keyPath: counter] += 1 }
    }
}
