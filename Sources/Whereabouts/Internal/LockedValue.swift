import Foundation

/// A value read and written from any thread under a lock: what an actor publishes for synchronous readers.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    /// Creates the box with a first value.
    package init(_ value: Value) { self.value = value }

    /// The value now.
    package var current: Value {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }

    /// Reads and changes the value in one step, under the lock.
    ///
    /// - Parameter change: What to do with the value.
    /// - Returns: What `change` returns.
    package func update<Result>(_ change: (inout Value) -> Result) -> Result {
        lock.withLock { change(&value) }
    }
}
