/// A line and a column (in characters) of a JSON document, both 1-based.
struct JSONPosition: Hashable, Sendable {
    var line: Int
    var column: Int
}
