/// A dictionary of an ASCII property list, remembering where each key is written.
struct ASCIIPlistDictionary {
    var values: [String: ASCIIPlistValue] = [:]
    /// Key → (line, column) of the key, 1-based.
    var positions: [String: (line: Int, column: Int)] = [:]
    /// Keys in the order they are written.
    var keys: [String] = []
    /// Entries whose key was written again later in the same dictionary (the later one is in `values`), in
    /// the order they are written: a damaged file (a bad merge) can give two objects one identifier.
    var overwritten: [(key: String, value: ASCIIPlistValue, line: Int, column: Int)] = []

    subscript(key: String) -> ASCIIPlistValue? { values[key] }
}
