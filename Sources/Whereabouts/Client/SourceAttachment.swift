/// The source a ``LocationClient/simulated(os:source:)`` client owns, passed to the engine with each call that
/// needs a source.
///
/// The engine keeps one slot per attachment (by its identity): the client's live updates, one-shot requests and
/// monitors get this source's fixes, never another client's.
package final class SourceAttachment: Sendable {
    /// The client's source.
    package let source: any LocationSource

    /// Creates an attachment.
    ///
    /// - Parameter source: The client's source.
    package init(source: any LocationSource) {
        self.source = source
    }
}
