/// A dictionary of an ASCII property list, remembering where each key is written.
///
/// A `project.pbxproj` holds hundreds of thousands of small dictionaries (one per object, a few keys each), so the
/// entries are kept in one array in the order they are written, each with its position, and looked up by a linear
/// search; only a dictionary of more than ``indexThreshold`` keys (the `objects` table, large build settings) gets a
/// hash index. A Swift `Dictionary` per object, and another for the positions, took several times the file's size.
struct ASCIIPlistDictionary {
    /// One entry: its key, its value, and where the key is written (1-based line and column).
    struct Entry {
        var key: String
        var value: ASCIIPlistValue
        var line: Int32
        var column: Int32
    }

    /// The number of keys above which a dictionary keeps a hash index of them.
    static let indexThreshold = 16

    /// The entries, in the order their keys are first written; a key written again keeps its place and takes the
    /// later value and position.
    private(set) var entries: [Entry] = []
    /// Key → place in `entries`, for a dictionary of more than ``indexThreshold`` keys.
    private var index: [String: Int]?
    /// Entries whose key was written again later in the same dictionary (the later one is in `entries`), in
    /// the order they are written: a damaged file (a bad merge) can give two objects one identifier.
    var overwritten: [(key: String, value: ASCIIPlistValue, line: Int, column: Int)] = []

    /// How many keys the dictionary has.
    var count: Int { entries.count }

    /// Keys in the order they are written.
    var keys: [String] { entries.map(\.key) }

    subscript(key: String) -> ASCIIPlistValue? {
        slot(of: key).map { entries[$0].value }
    }

    /// Where a key is written, 1-based; `nil` when the dictionary does not have it.
    func position(of key: String) -> (line: Int, column: Int)? {
        slot(of: key).map { (Int(entries[$0].line), Int(entries[$0].column)) }
    }

    /// Sets a key's value and position; an earlier value of the key goes to ``overwritten``.
    mutating func set(_ value: ASCIIPlistValue, for key: String, line: Int, column: Int) {
        let entry = Entry(key: key, value: value, line: Int32(clamping: line), column: Int32(clamping: column))
        if let slot = slot(of: key) {
            let earlier = entries[slot]
            overwritten.append((key, earlier.value, Int(earlier.line), Int(earlier.column)))
            entries[slot] = entry
            return
        }
        entries.append(entry)
        if index != nil {
            index?[key] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
            var built: [String: Int] = [:]
            built.reserveCapacity(entries.count * 2)
            for (offset, entry) in entries.enumerated() { built[entry.key] = offset }
            index = built
        }
    }

    private func slot(of key: String) -> Int? {
        if let index { return index[key] }
        return entries.firstIndex { $0.key == key }
    }
}
