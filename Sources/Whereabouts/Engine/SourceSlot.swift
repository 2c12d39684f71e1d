/// One source the engine reads fixes from, and whose consumers they go to.
///
/// The engine's own source (``SimulatedOS/attach(_:)``) has the key `.engine`; each
/// ``LocationClient/simulated(os:source:)`` client owns a slot of its own, so two clients on one engine never
/// swap each other's source: a client's live updates and one-shot requests get its own source's fixes.
struct SourceSlot {
    /// Whose source it is.
    enum Key: Hashable, Sendable {
        /// The engine's own, set with ``SimulatedOS/attach(_:)``.
        case engine
        /// A client's, by the identity of its ``SourceAttachment``.
        case client(ObjectIdentifier)
    }

    /// Where fixes come from.
    let source: any LocationSource
    /// Keeps the client's attachment alive while the slot exists, so its identity is never reused.
    let owner: SourceAttachment?
    /// The task reading the source while something needs fixes.
    var pump: Task<Void, Never>?
    /// Tells a stale pump's events from the running one's.
    var generation = 0
    /// The source ended; it starts again only for a new consumer, not for the demand that remained.
    var exhausted = false
}
