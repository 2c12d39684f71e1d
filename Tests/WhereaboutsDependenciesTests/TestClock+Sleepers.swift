import Dependencies

extension TestClock<Duration> {
    /// Lets other tasks run until one sleeps on the clock, a bounded number of times; returns whether one does.
    ///
    /// A bounded check on the test clock, never on the wall clock. swift-clocks tells whether a task sleeps
    /// (`checkSuspension()` throws then, after letting other tasks run) but not when one starts to, and on a busy
    /// machine the yields `advance(by:)` makes first do not make sure that a task already scheduled has reached
    /// its sleep: a test that must not move time before then checks this first.
    func untilSleeping() async -> Bool {
        for _ in 0..<1_000 {
            if (try? await checkSuspension()) == nil { return true }  // it threw: a task sleeps
        }
        return false
    }

    /// Lets other tasks run until none sleeps on the clock, a bounded number of times; returns whether none does.
    func untilIdle() async -> Bool {
        for _ in 0..<1_000 {
            if (try? await checkSuspension()) != nil { return true }
        }
        return false
    }
}
