/// The consumer's side of a mailbox as the streams a client hands out.
extension UpdateMailbox {
    /// The updates one at a time. An update that waits is taken without suspending; the consumer waits only for an
    /// empty mailbox. Releasing or cancelling the stream closes the mailbox.
    ///
    /// - Returns: The stream.
    func updates() -> AsyncThrowingStream<LocationUpdate, any Error> {
        let sentinel = MailboxSentinel(self)
        return AsyncThrowingStream {
            defer { withExtendedLifetime(sentinel) {} }
            switch try self.poll() {
            case .taken(let update): return update
            case .ended: return nil
            case .empty: return try await self.next()
            }
        }
    }

    /// The updates in batches: every update waiting for the consumer at once. Releasing or cancelling the stream
    /// closes the mailbox.
    ///
    /// - Returns: The stream of batches.
    func batches() -> AsyncThrowingStream<[LocationUpdate], any Error> {
        let sentinel = MailboxSentinel(self)
        return AsyncThrowingStream {
            defer { withExtendedLifetime(sentinel) {} }
            return try await self.nextBatch()
        }
    }
}
