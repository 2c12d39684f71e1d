/// What the scanner produces.
enum XMLEvent {
    /// An element opens; its attributes are readable until the next call.
    case start(GPXElement, selfClosing: Bool)
    /// An element closes (also for a self-closing tag, and for elements a mismatched end tag closes).
    case end(GPXElement)
    /// Something is wrong at this position.
    case issue(XMLPosition?, String)
    /// Text before the document (a header, a note an app wrote first) was skipped: a notice, not an error.
    case skippedLeadingContent(XMLPosition, String)
    /// The input is over.
    case endOfInput
}
