import Foundation

/// An input ``ReplaySource/check()`` opened and detected, kept for the replay's first play: a pipe, a named FIFO or
/// `/dev/stdin` is opened once and read whole, never once to detect its format and again to play it.
final class InputHandoff: @unchecked Sendable {
    // @unchecked: `opened` is only read or changed while `lock` is held; the input inside is handed to one
    // player, which then owns it.
    private let lock = NSLock()
    private var opened: (input: ByteInput, format: TrackFormat)?

    /// Keeps an opened input (its first bytes put back) and its format.
    func keep(_ input: ByteInput, format: TrackFormat) {
        lock.withLock { opened = (input, format) }
    }

    /// The kept input, once: the next call returns `nil`.
    func take() -> (input: ByteInput, format: TrackFormat)? {
        lock.withLock {
            defer { opened = nil }
            return opened
        }
    }
}
