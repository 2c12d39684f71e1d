/// A dictionary of an ASCII property list: a view of one dictionary node of an ``ASCIIPlistTree``.
///
/// A `project.pbxproj` holds hundreds of thousands of small dictionaries (one per object, a few keys each), so a
/// key is looked up by comparing the bytes of the entries as written, and only a dictionary of more than
/// ``indexThreshold`` keys (the `objects` table, large build settings) gets a hash index, built when the view is
/// made. A key written twice in one dictionary (a bad merge can give two objects one identifier) reads as its
/// later value; the earlier entries are in ``overwritten``.
struct ASCIIPlistDictionary {
    /// One entry: its key, its value, and where the key is written (1-based line and column).
    struct Entry {
        let tree: ASCIIPlistTree
        /// The key's node; the value's is the next.
        let keyNode: Int

        var key: String { tree.string(keyNode) }
        var value: ASCIIPlistValue { ASCIIPlistValue(tree: tree, node: keyNode + 1) }
        var line: Int { tree.position(keyNode).line }
        var column: Int { tree.position(keyNode).column }
    }

    /// The number of entries above which a dictionary keeps a hash index of its keys.
    static let indexThreshold = 16

    /// The tree the dictionary is in.
    let tree: ASCIIPlistTree
    /// The dictionary's node in the tree.
    let node: Int
    private let index: KeyIndex?

    init(tree: ASCIIPlistTree, node: Int) {
        self.tree = tree
        self.node = node
        index = tree.childCount(node) / 2 > Self.indexThreshold ? KeyIndex(tree: tree, node: node) : nil
    }

    /// How many entries are written, a key written twice counted twice; ``slot(of:)`` numbers them.
    var slotCount: Int { tree.childCount(node) / 2 }

    /// How many keys the dictionary has.
    var count: Int { slotCount - overwrittenSlots.count }

    /// The entries, in the order they are written, without those a later entry of the same key overwrites.
    var entries: [Entry] {
        var result: [Entry] = []
        result.reserveCapacity(slotCount)
        forEachEntry { _, entry in result.append(entry) }
        return result
    }

    /// Calls `body` with each entry of ``entries`` and its slot (see ``slot(of:)``), in the order they are written.
    func forEachEntry(_ body: (_ slot: Int, _ entry: Entry) -> Void) {
        let overwritten = overwrittenSlots
        var next = 0
        var slot = 0
        forEachKeyNode { keyNode in
            if next < overwritten.count, overwritten[next] == slot {
                next += 1
            } else {
                body(slot, Entry(tree: tree, keyNode: keyNode))
            }
            slot += 1
        }
    }

    /// Keys in the order they are written.
    var keys: [String] { entries.map(\.key) }

    subscript(key: String) -> ASCIIPlistValue? {
        keyNode(of: key).map { ASCIIPlistValue(tree: tree, node: $0 + 1) }
    }

    /// Where a key is written, 1-based; `nil` when the dictionary does not have it.
    func position(of key: String) -> (line: Int, column: Int)? {
        keyNode(of: key).map { tree.position($0) }
    }

    /// The entries whose key is written again later in the same dictionary (the later one is in ``entries``), in
    /// the order they are written.
    var overwritten: [(key: String, value: ASCIIPlistValue, line: Int, column: Int)] {
        overwrittenSlots.map { slot in
            let entry = Entry(tree: tree, keyNode: keyNode(atSlot: slot))
            return (entry.key, entry.value, entry.line, entry.column)
        }
    }

    /// The number of the last entry written with `key`, from 0 in the order they are written.
    func slot(of key: String) -> Int? {
        if let index { return index.slot(of: key, in: tree) }
        var found: Int?
        var slot = 0
        forEachKeyNode { keyNode in
            if tree.string(keyNode, equals: key) { found = slot }
            slot += 1
        }
        return found
    }

    /// The number of the last entry whose key is the string `value` of the same tree; `nil` when there is none, or
    /// `value` is not a string.
    func slot(ofKey value: ASCIIPlistValue) -> Int? {
        switch tree.kind(value.node) {
        case .array, .dictionary: return nil
        case .word, .quoted: break
        }
        if let index { return index.slot(ofStringAt: value.node, in: tree) }
        var found: Int?
        var slot = 0
        forEachKeyNode { keyNode in
            if tree.string(keyNode, equalsStringAt: value.node) { found = slot }
            slot += 1
        }
        return found
    }

    /// The entry numbered `slot` (see ``slot(of:)``).
    func entry(atSlot slot: Int) -> Entry {
        Entry(tree: tree, keyNode: keyNode(atSlot: slot))
    }

    private func keyNode(of key: String) -> Int? {
        if let index { return index.slot(of: key, in: tree).map { Int(index.keyNodes[$0]) } }
        var found: Int?
        forEachKeyNode { keyNode in
            if tree.string(keyNode, equals: key) { found = keyNode }
        }
        return found
    }

    private func keyNode(atSlot slot: Int) -> Int {
        if let index { return Int(index.keyNodes[slot]) }
        var keyNode = node + 1
        for _ in 0..<slot { keyNode = tree.next(after: keyNode + 1) }
        return keyNode
    }

    private func forEachKeyNode(_ body: (Int) -> Void) {
        var keyNode = node + 1
        for _ in 0..<slotCount {
            body(keyNode)
            keyNode = tree.next(after: keyNode + 1)
        }
    }

    /// The slots of entries a later entry of the same key overwrites, ascending.
    private var overwrittenSlots: [Int] {
        if let index { return index.overwrittenSlots.map(Int.init) }
        var keyNodes: [Int] = []
        forEachKeyNode { keyNodes.append($0) }
        return keyNodes.indices.filter { slot in
            keyNodes[(slot + 1)...].contains { tree.string($0, equalsStringAt: keyNodes[slot]) }
        }
    }
}

extension ASCIIPlistDictionary {
    /// The hash index of a large dictionary's keys: open addressing over the entries' slots.
    fileprivate struct KeyIndex {
        /// Each entry's key node, by slot.
        var keyNodes: [Int32] = []
        /// Slot + 1 of the last entry of each key, 0 for an empty bucket; a power of two at least twice the entries.
        var table: [Int32]
        /// The slots of entries overwritten by a later one of the same key, ascending.
        var overwrittenSlots: [Int32] = []

        init(tree: ASCIIPlistTree, node: Int) {
            let count = tree.childCount(node) / 2
            keyNodes.reserveCapacity(count)
            var keyNode = node + 1
            for _ in 0..<count {
                keyNodes.append(Int32(keyNode))
                keyNode = tree.next(after: keyNode + 1)
            }
            var size = 1
            while size < count * 2 { size <<= 1 }
            table = [Int32](repeating: 0, count: size)
            let mask = size - 1
            for slot in 0..<count {
                let key = Int(keyNodes[slot])
                var bucket = Int(truncatingIfNeeded: tree.hash(ofStringAt: key)) & mask
                while table[bucket] != 0 {
                    let other = Int(table[bucket]) - 1
                    if tree.string(Int(keyNodes[other]), equalsStringAt: key) {
                        overwrittenSlots.append(Int32(other))
                        break
                    }
                    bucket = (bucket + 1) & mask
                }
                table[bucket] = Int32(slot + 1)
            }
            overwrittenSlots.sort()
        }

        func slot(of key: String, in tree: ASCIIPlistTree) -> Int? {
            let mask = table.count - 1
            var bucket = Int(truncatingIfNeeded: ASCIIPlistTree.hash(key.utf8)) & mask
            while table[bucket] != 0 {
                let slot = Int(table[bucket]) - 1
                if tree.string(Int(keyNodes[slot]), equals: key) { return slot }
                bucket = (bucket + 1) & mask
            }
            return nil
        }

        /// The slot of the key written as the string node `node` of the same tree.
        func slot(ofStringAt node: Int, in tree: ASCIIPlistTree) -> Int? {
            let mask = table.count - 1
            var bucket = Int(truncatingIfNeeded: tree.hash(ofStringAt: node)) & mask
            while table[bucket] != 0 {
                let slot = Int(table[bucket]) - 1
                if tree.string(Int(keyNodes[slot]), equalsStringAt: node) { return slot }
                bucket = (bucket + 1) & mask
            }
            return nil
        }
    }
}
