/// Closes a live-updates consumer's mailbox when its stream is released: the stream drops its closure, and this
/// with it, when the consumer stops iterating without being cancelled.
final class MailboxSentinel: Sendable {
    private let mailbox: UpdateMailbox

    /// Watches this mailbox.
    init(_ mailbox: UpdateMailbox) {
        self.mailbox = mailbox
    }

    deinit {
        mailbox.close()
    }
}
