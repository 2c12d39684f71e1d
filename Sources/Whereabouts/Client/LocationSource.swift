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
/// A source knows nothing of permissions; the ``AuthorizationEngine`` decides what the app
/// may see. The engine calls ``events()`` when some service needs fixes and cancels its
/// iteration when none does, so a source must stop its work (close a file or socket) in the
/// stream's `onTermination`.
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

    /// Whether the source can give headings (a compass); ``LocationClient/headingAvailable`` reports it.
    var providesHeadings: Bool { get }
}

extension LocationSource {
    /// Whether the source can give headings (a compass): `false` unless a source says otherwise.
    public var providesHeadings: Bool { false }
}
