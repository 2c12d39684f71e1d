/// Finds the byte ranges of a scenario's `steps` and of the array holding them, without building the JSON tree.
///
/// Foundation's `JSONSerialization` turns a whole document into objects at once: for a scenario of 100,000 steps
/// that is hundreds of megabytes for a file of a few. The parser instead reads the document without its steps, then
/// each step on its own, so only one step's objects exist at a time. This scanner only splits; it checks nothing a
/// parser would check, and when the document is not shaped as it expects (no top-level `"steps"` array, or two) it
/// returns `nil` and the whole document is parsed as before, which also gives JSON errors their line and column.
struct ScenarioStepsSplitter {
    /// Where the `steps` array is, and where each of its elements is.
    struct Split {
        /// The array, from `[` to `]` inclusive.
        var array: Range<Int>
        /// Each element's bytes, without the space and commas around it.
        var elements: [Range<Int>]
    }

    /// Splits a document.
    ///
    /// - Parameter bytes: The JSON document.
    /// - Returns: The ranges, or `nil` when the document has no single top-level `"steps"` array.
    static func split(_ bytes: UnsafeRawBufferPointer) -> Split? {
        var index = 0
        func skipSpace() {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
                    || bytes[index] == 0x09
            {
                index += 1
            }
        }
        /// Moves past the string starting at `index` (a `"`); returns its raw bytes' range, or `nil` if unterminated.
        func skipString() -> Range<Int>? {
            let start = index + 1
            index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    return start..<(index - 1)
                default: index += 1
                }
            }
            return nil
        }
        /// Moves past one value (object, array, string, number or literal); `false` if the input ends inside it.
        func skipValue() -> Bool {
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: "\"") { return skipString() != nil }
            guard bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else {
                while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
                return true
            }
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard skipString() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default: break
                }
                index += 1
            }
            return false
        }

        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var found: Split?
        while true {
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "}") { return found }
            guard bytes[index] == UInt8(ascii: "\""), let key = skipString() else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipSpace()
            if Array(bytes[key]) == Array("steps".utf8) {
                guard found == nil, index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
                let arrayStart = index
                index += 1
                var elements: [Range<Int>] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                } else {
                    while true {
                        skipSpace()
                        let start = index
                        guard skipValue() else { return nil }
                        elements.append(start..<index)
                        skipSpace()
                        guard index < bytes.count else { return nil }
                        if bytes[index] == UInt8(ascii: "]") {
                            index += 1
                            break
                        }
                        guard bytes[index] == UInt8(ascii: ",") else { return nil }
                        index += 1
                    }
                }
                found = Split(array: arrayStart..<index, elements: elements)
            } else {
                guard skipValue() else { return nil }
            }
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index += 1 }
        }
    }
}
