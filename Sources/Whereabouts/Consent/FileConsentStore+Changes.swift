/// Noticing another process's change to the consent file.
extension FileConsentStore {
    /// A stream that yields each time the consent file changes: another process wrote it (the
    /// `consent` command), or it was created, moved aside or removed.
    ///
    /// Every `interval` on `clock` it compares the file's identity — device, inode, size and
    /// modification time to the nanosecond — with the last one seen. The first identity is taken
    /// when this method is called, so a write right after the call is reported. Writes by this
    /// store are reported too; a consumer reads the grant again, which costs little. Changes between
    /// two polls come as one element, and a slow consumer finds at most one element waiting. The
    /// stream ends when the consumer's task is cancelled or the stream is dropped.
    ///
    /// ```swift
    /// for await _ in store.changes() {
    ///     await engine.reloadGrant()
    /// }
    /// ```
    ///
    /// A test passes swift-clocks' `TestClock` and advances it by `interval` after the other store's
    /// write.
    ///
    /// - Parameters:
    ///   - interval: How often to look; a change reaches the consumer within one interval.
    ///   - clock: The clock to wait on (a test clock in tests).
    /// - Returns: A stream of change notices.
    public nonisolated func changes(
        every interval: Duration = .milliseconds(250),
        clock: any Clock<Duration> = ContinuousClock()
    ) -> AsyncStream<Void> {
        let path = path
        let initial = FileIdentity(path: path)
        return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let poller = Task {
                var last = initial
                while !Task.isCancelled {
                    do {
                        try await clock.sleep(for: interval)
                    } catch {
                        break
                    }
                    let now = FileIdentity(path: path)
                    if now != last {
                        last = now
                        continuation.yield()
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in poller.cancel() }
        }
    }
}
