/// A line and a column (in characters) of the input, both 1-based.
struct XMLPosition: Hashable, Sendable {
    var line: Int
    var column: Int
}
