/// One thing a ``LocationSource`` produces.
public enum SourceEvent: Hashable, Sendable {
    /// A raw fix, at the source's full precision.
    case location(Location)
    /// A heading from a compass.
    case heading(Heading)
    /// The source cannot produce fixes for now (a GPS daemon down, no satellites), with why.
    case unavailable(String)
}

/// Where raw fixes come from: a GPX or NMEA replay, gpsd, Core Location, or a script in a test.
///
/// A source knows nothing of permissions; the ``SimulatedOS`` decides what the app
/// may see. The engine calls ``events()`` when some service needs fixes and cancels its
/// iteration when none does, so a source must stop its work (close a file or socket) in the
/// stream's `onTermination`.
///
/// The engine reads a source through ``eventBatches()``, one batch at a time, and reads the next batch only
/// when its consumers have room for it: a source whose stream is pull-based (made with
/// `AsyncThrowingStream(unfolding:)`) is held back by a slow consumer, and never runs ahead. By default
/// `eventBatches()` reads ``events()`` one event at a time, as the engine pulls; a source that can hand over
/// several events at once (a file read ahead) gives its own. A source that cannot be held back (a receiver that
/// pushes fixes as they come) should keep only the newest events in a bounded buffer
/// (`AsyncThrowingStream.makeStream(bufferingPolicy: .bufferingNewest(_:))`) and count the ones it drops where
/// its users look, as `GPSDSource` does in its statistics.
///
/// ```swift
/// struct Fixed: LocationSource {
///     let location: Location
///     func events() -> AsyncThrowingStream<SourceEvent, any Error> {
///         AsyncThrowingStream { $0.yield(.location(location)); $0.finish() }
///     }
/// }
/// ```
public protocol LocationSource: Sendable {
    /// Starts producing events. The stream ends when the source has no more (the end of a
    /// track), and throws when it fails for good.
    ///
    /// - Returns: The source's events, in order.
    func events() -> AsyncThrowingStream<SourceEvent, any Error>

    /// Starts producing events in batches, in order; the engine reads the next batch when its consumers have
    /// room for it. A batch holds at least one event and, when the source can, at most
    /// ``preferredBatchSize`` (the engine splits longer ones).
    ///
    /// The default reads ``events()`` one event at a time, as the engine asks.
    ///
    /// - Returns: The source's events, in batches, in order.
    func eventBatches() -> AsyncThrowingStream<[SourceEvent], any Error>

    /// Whether the source can give headings (a compass); ``LocationClient/headingAvailable`` reports it.
    var providesHeadings: Bool { get }
}

extension LocationSource {
    /// Whether the source can give headings (a compass): `false` unless a source says otherwise.
    public var providesHeadings: Bool { false }

    /// The most events the engine takes from a source in one batch: 256.
    public static var preferredBatchSize: Int { 256 }

    /// Reads ``events()`` one event at a time, each as a batch of one, when the engine asks for it.
    ///
    /// - Returns: The source's events, one per batch, in order.
    public func eventBatches() -> AsyncThrowingStream<[SourceEvent], any Error> {
        StreamReader.batches(of: events())
    }
}
