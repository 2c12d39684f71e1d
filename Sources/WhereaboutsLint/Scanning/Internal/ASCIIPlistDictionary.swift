/// A dictionary of an ASCII property list, remembering where each key is written.
struct ASCIIPlistDictionary {
    var values: [String: ASCIIPlistValue] = [:]
    /// Key → (line, column) of the key, 1-based.
    var positions: [String: (line: Int, column: Int)] = [:]
    /// Keys in the order they are written.
    var keys: [String] = []

    subscript(key: String) -> ASCIIPlistValue? { values[key] }
}
