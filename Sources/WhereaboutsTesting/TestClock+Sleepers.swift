public import Clocks

extension TestClock<Duration> {
    /// Lets other tasks run until one sleeps on the clock, a bounded number of times; returns whether one does.
    ///
    /// A bounded check on the test clock, never on the wall clock. swift-clocks tells whether a task sleeps
    /// (`checkSuspension()` throws then, after letting other tasks run) but not when one starts to, and on a busy
    /// machine the yields `advance(by:)` makes first do not make sure that a task already scheduled has reached its
    /// sleep: a test that must not move time before then checks this first.
    ///
    /// ```swift
    /// let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
    /// #expect(await clock.untilSleeping())
    /// await clock.advance(by: .seconds(5))   // wakes it: it was asleep
    /// ```
    ///
    /// - Returns: Whether a task sleeps on the clock.
    public func untilSleeping() async -> Bool {
        for _ in 0..<1_000 {
            if (try? await checkSuspension()) == nil { return true }  // it threw: a task sleeps
        }
        return false
    }

    /// Lets other tasks run until none sleeps on the clock, a bounded number of times; returns whether none does.
    ///
    /// - Returns: Whether no task sleeps on the clock.
    public func untilIdle() async -> Bool {
        for _ in 0..<1_000 {
            if (try? await checkSuspension()) != nil { return true }
        }
        return false
    }
}
