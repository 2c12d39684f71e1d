/// A value of an old-style (OpenStep) ASCII property list, as `project.pbxproj` and `.strings` files hold.
enum ASCIIPlistValue {
    case string(String)
    case array([ASCIIPlistValue])
    case dictionary(ASCIIPlistDictionary)

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var array: [ASCIIPlistValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var dictionary: ASCIIPlistDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }

    /// Whether two values hold the same strings, arrays and keys, wherever they are written.
    func hasSameContent(as other: ASCIIPlistValue) -> Bool {
        switch (self, other) {
        case (.string(let left), .string(let right)):
            return left == right
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.hasSameContent(as: $1) }
        case (.dictionary(let left), .dictionary(let right)):
            return left.count == right.count
                && left.entries.allSatisfy { entry in
                    right[entry.key].map { entry.value.hasSameContent(as: $0) } ?? false
                }
        default:
            return false
        }
    }
}
