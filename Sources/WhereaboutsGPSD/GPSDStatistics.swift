import NIOConcurrencyHelpers

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
    struct Counts: Sendable {
        var connectionAttempts = 0
        var connections = 0
        var reconnects = 0
        var malformedLines = 0
        var reports = 0
        var locations = 0
        var skipped = 0
        var errors = 0
        var droppedLocations = 0
        var outOfRangeReports = 0
    }

    private let counts = NIOLockedValueBox(Counts())

    init() {}

    /// How many times the source tried to connect, successfully or not.
    public var connectionAttempts: Int { read(\.connectionAttempts) }
    /// How many connections were made.
    public var connections: Int { read(\.connections) }
    /// How many of those connections were made after an outage (EOF, reset, refused).
    public var reconnects: Int { read(\.reconnects) }
    /// How many lines were not gpsd messages (not JSON, no `class`, too long), skipped.
    public var malformedLines: Int { read(\.malformedLines) }
    /// How many `TPV` reports arrived, with or without a fix.
    public var reports: Int { read(\.reports) }
    /// How many locations the source produced.
    public var locations: Int { read(\.locations) }
    /// How many messages of classes the source does not use (`DEVICE`, `GST`, …) were skipped.
    public var skipped: Int { read(\.skipped) }
    /// How many `ERROR` messages gpsd sent.
    public var errors: Int { read(\.errors) }
    /// How many locations a consumer slower than gpsd never saw: the stream keeps the newest
    /// (``GPSDSource/Configuration/bufferedEventLimit``) and drops the oldest. Zero while the consumer keeps up.
    public var droppedLocations: Int { read(\.droppedLocations) }

    /// How many `TPV` reports held a value outside ``Whereabouts/LocationLimits``: a fix skipped (a negative
    /// `eph`), or a value left out of it (an `altMSL` of 10³⁰⁰ m).
    public var outOfRangeReports: Int { read(\.outOfRangeReports) }

    func increment(_ counter: WritableKeyPath<Counts, Int>) {
        counts.withLockedValue { $0[keyPath: counter] += 1 }
    }

    private func read(_ counter: KeyPath<Counts, Int>) -> Int {
        counts.withLockedValue { $0[keyPath: counter] }
    }
}
