/// The source a ``LocationClient/simulated(engine:source:)`` client owns, handed to the engine with each call.
///
/// The client runs every call on the engine with its attachment as the task's ``current`` value; the engine
/// reads it to know whose source to start and whose consumers a fix goes to.
package final class SourceAttachment: Sendable {
    /// The attachment of the client whose call is running, if any.
    @TaskLocal package static var current: SourceAttachment?

    /// The client's source.
    package let source: any LocationSource

    /// Creates an attachment.
    ///
    /// - Parameter source: The client's source.
    package init(source: any LocationSource) {
        self.source = source
    }
}
