/// Decides which of a gpsd stream's warnings are logged as warnings: at most one of each kind per interval.
///
/// A gpsd that sends nothing but damaged lines, or that accepts connections and drops them, would otherwise fill
/// a log with the same warning many times a second. The first warning of a kind is logged; the others within
/// `interval` of it are left to the debug level and counted; the first one after the interval is logged again,
/// saying how many were left out. The counters of ``GPSDStatistics`` count every one.
///
/// A pure value: the session keeps it behind a lock and asks it about each warning, with the clock's time.
struct GPSDWarningLimiter<Instant: InstantProtocol> where Instant.Duration == Duration {
    /// What a warning is about; each kind has its own budget.
    enum Kind: Hashable {
        /// A line that is not a gpsd message, or too long.
        case malformedLine
        /// An `ERROR` message from gpsd.
        case gpsdError
        /// A report with a value outside ``Whereabouts/LocationLimits``.
        case outOfRange
        /// gpsd went away, or could not be reached.
        case unavailable
    }

    /// The shortest time between two warnings of one kind.
    let interval: Duration
    private var lastLogged: [Kind: Instant] = [:]
    private var leftOut: [Kind: Int] = [:]

    /// Creates a limiter.
    ///
    /// - Parameter interval: The shortest time between two warnings of one kind.
    init(interval: Duration) {
        self.interval = interval
    }

    /// Decides about one warning.
    ///
    /// - Parameters:
    ///   - kind: What the warning is about.
    ///   - now: The clock's time.
    /// - Returns: `nil` when the warning is to be left out (logged at the debug level only); otherwise how many of
    ///   its kind were left out since the last one logged.
    mutating func admit(_ kind: Kind, at now: Instant) -> Int? {
        if let last = lastLogged[kind], last.advanced(by: interval) > now {
            leftOut[kind, default: 0] += 1
            return nil
        }
        lastLogged[kind] = now
        return leftOut.removeValue(forKey: kind) ?? 0
    }
}
