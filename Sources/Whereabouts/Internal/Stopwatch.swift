/// Measures time on an injected clock: the time since it was made.
///
/// The engine and the Core Location adapter keep their time limits with it, so a test clock drives them.
package struct Stopwatch: Sendable {
    /// The time since the stopwatch was made.
    package let elapsed: @Sendable () -> Duration

    /// Starts a stopwatch on a clock.
    ///
    /// - Parameter clock: The clock; a test clock in tests.
    package init(_ clock: any Clock<Duration>) {
        func start<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
            let started = clock.now
            return { started.duration(to: clock.now) }
        }
        elapsed = start(clock)
    }
}
