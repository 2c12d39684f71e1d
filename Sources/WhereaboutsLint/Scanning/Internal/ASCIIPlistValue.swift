/// A value of an old-style (OpenStep) ASCII property list, as `project.pbxproj` and `.strings` files hold: a view
/// of one node of an ``ASCIIPlistTree``, whose text is decoded only when it is read.
struct ASCIIPlistValue {
    /// The tree the value is in.
    let tree: ASCIIPlistTree
    /// The value's node in the tree.
    let node: Int

    /// The text of a string, escapes decoded; `nil` for an array or a dictionary.
    var string: String? {
        switch tree.kind(node) {
        case .word, .quoted: tree.string(node)
        case .array, .dictionary: nil
        }
    }

    /// Whether the value is the string `text`, without decoding it.
    func isString(_ text: String) -> Bool {
        switch tree.kind(node) {
        case .word, .quoted: tree.string(node, equals: text)
        case .array, .dictionary: false
        }
    }

    /// The items of an array; `nil` for a string or a dictionary.
    var array: [ASCIIPlistValue]? {
        guard tree.kind(node) == .array else { return nil }
        var items: [ASCIIPlistValue] = []
        items.reserveCapacity(tree.childCount(node))
        var child = node + 1
        for _ in 0..<tree.childCount(node) {
            items.append(ASCIIPlistValue(tree: tree, node: child))
            child = tree.next(after: child)
        }
        return items
    }

    /// The dictionary; `nil` for a string or an array.
    var dictionary: ASCIIPlistDictionary? {
        guard tree.kind(node) == .dictionary else { return nil }
        return ASCIIPlistDictionary(tree: tree, node: node)
    }

    /// Whether two values hold the same strings, arrays and keys, wherever they are written.
    func hasSameContent(as other: ASCIIPlistValue) -> Bool {
        switch (tree.kind(node), other.tree.kind(other.node)) {
        case (.word, .word), (.word, .quoted), (.quoted, .word), (.quoted, .quoted):
            return string == other.string
        case (.array, .array):
            guard let left = array, let right = other.array, left.count == right.count else { return false }
            return zip(left, right).allSatisfy { $0.hasSameContent(as: $1) }
        case (.dictionary, .dictionary):
            guard let left = dictionary, let right = other.dictionary, left.count == right.count else { return false }
            return left.entries.allSatisfy { entry in
                right[entry.key].map { entry.value.hasSameContent(as: $0) } ?? false
            }
        default:
            return false
        }
    }
}
