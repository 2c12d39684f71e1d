/// A JSON value with the line and column where it starts, so a reader can say where a value it refuses is.
///
/// Foundation's `JSONSerialization` gives no positions, and a fence file's errors name the line and column of the
/// value at fault (a radius, a coordinate), not only of a syntax error.
struct PositionedJSON: Sendable {
    /// A JSON value; the members of an object keep their order.
    indirect enum Value: Sendable {
        case object([(key: String, value: PositionedJSON)])
        case array([PositionedJSON])
        case string(String)
        /// A number, with its text as written (an `id` of `12` stays `"12"`, not `"12.0"`).
        case number(Double, text: String)
        case bool(Bool)
        case null
    }

    var value: Value
    var position: JSONPosition

    /// The value of an object's member (the last one when a key is repeated, as JavaScript does), or `nil` when
    /// this is not an object or has no such member.
    subscript(key: String) -> PositionedJSON? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// What the value is, for messages: "an object", "a string \"200\"", "the number 12".
    var kindDescription: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string(let text): "the string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .number(_, let text): "the number \(text)"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }
}
