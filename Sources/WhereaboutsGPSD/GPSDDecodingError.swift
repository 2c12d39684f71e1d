/// A line from gpsd that is not a message: not JSON, not an object, or without a `class`.
///
/// The source counts and logs these and goes on with the next line; only a caller of
/// ``GPSDDecoder/decode(_:)`` sees them thrown.
public struct GPSDDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The first 80 characters of the line, for a log.
    public var excerpt: String
    /// What is wrong with the line.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - excerpt: The start of the offending line.
    ///   - message: What is wrong with it.
    public init(excerpt: String, message: String) {
        self.excerpt = excerpt
        self.message = message
    }

    /// `malformed gpsd line (not JSON): "{\"class\":\"TP"`.
    public var description: String {
        "malformed gpsd line (\(message)): \"\(excerpt)\""
    }
}
