/// A value of an old-style (OpenStep) ASCII property list, as `project.pbxproj` and `.strings` files hold.
indirect enum ASCIIPlistValue {
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
}
