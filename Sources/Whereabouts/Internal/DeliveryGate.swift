import Foundation

/// Which fixes one app may still be handed, shared by the simulated OS and the live-updates queues of the client
/// logic over its location managers.
///
/// The OS narrows it (``restrict(to:)``) the moment a revoke, Precise off or the app leaving the foreground narrows
/// what the app may receive, before anyone can read the new authorization: every queue registered here drops at once
/// the fixes it may no longer hand out, so the next thing its consumer reads is what the client says about the
/// change. A location manager hands a batch to the client logic inside ``deliver(_:_:)``, under the same lock, so a
/// batch it took from the OS before a change either reaches the queues before the change (and is dropped there by it)
/// or is checked against it.
///
/// Its precision is the authorization's (`accuracy`), as the client logic marks the fixes it queues; an app's own
/// `desiredAccuracy` is no grant and does not narrow it.
final class DeliveryGate: @unchecked Sendable {
    // @unchecked: `allowance` and `mailboxes` are touched only while `lock` is held. The lock is recursive: the client
    // logic queues a delivered batch, and may restrict its queues, inside `deliver(_:_:)` on the same thread.
    private let lock = NSRecursiveLock()
    private var allowance: DeliveryAllowance
    /// The registered queues, held weakly: a queue leaves when its consumer's stream and its client let it go.
    private var mailboxes: [ObjectIdentifier: Registered] = [:]

    /// A queue as the gate holds it.
    private struct Registered {
        weak var mailbox: UpdateMailbox?
    }

    /// Creates a gate.
    ///
    /// - Parameter allowance: What the app may be handed now.
    init(_ allowance: DeliveryAllowance) {
        self.allowance = allowance
    }

    /// What may be handed out now.
    var current: DeliveryAllowance { lock.withLock { allowance } }

    /// How many fixes wait now in the registered queues, for their consumers to read.
    var bufferedFixes: Int {
        lock.withLock { mailboxes.values.reduce(0) { $0 + ($1.mailbox?.bufferedFixes ?? 0) } }
    }

    /// Sets what the app may be handed, and drops what no registered queue may hand out any more.
    ///
    /// - Parameter allowance: What the OS allows now.
    func restrict(to allowance: DeliveryAllowance) {
        lock.withLock {
            guard allowance != self.allowance else { return }
            self.allowance = allowance
            for registered in mailboxes.values { registered.mailbox?.restrict(to: allowance) }
        }
    }

    /// Restricts a registered queue to what its client allows, within what the OS allows.
    ///
    /// - Parameters:
    ///   - mailbox: The queue.
    ///   - allowance: What the client logic allows it (it may not know of a change yet).
    func restrict(_ mailbox: UpdateMailbox, to allowance: DeliveryAllowance) {
        lock.withLock { mailbox.restrict(to: allowance.intersection(self.allowance)) }
    }

    /// Registers a live-updates queue of the client logic: from now on the OS's changes reach it at once.
    ///
    /// - Parameters:
    ///   - mailbox: The queue.
    ///   - allowance: What the client logic allows it now.
    func register(_ mailbox: UpdateMailbox, allowing allowance: DeliveryAllowance) {
        lock.withLock {
            mailboxes = mailboxes.filter { $0.value.mailbox != nil }
            mailboxes[ObjectIdentifier(mailbox)] = Registered(mailbox: mailbox)
            mailbox.restrict(to: allowance.intersection(self.allowance))
        }
    }

    /// Hands the fixes of a batch the OS made that it still allows to `deliver`, with nothing changing meanwhile;
    /// `deliver` is not called when none is left.
    ///
    /// - Parameters:
    ///   - updates: The batch, as the OS made it; updates without a fix are left out.
    ///   - deliver: Hands the fixes on; runs under the gate's lock and must not wait.
    func deliver(_ updates: [LocationUpdate], _ deliver: ([Location]) -> Void) {
        lock.withLock {
            let allowance = allowance
            guard allowance.locations else { return }
            let locations =
                allowance.precise
                ? updates.compactMap(\.location)
                : updates.compactMap { $0.authorization.accuracy == .fullAccuracy ? nil : $0.location }
            guard !locations.isEmpty else { return }
            deliver(locations)
        }
    }
}
