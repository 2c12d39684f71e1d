/// The lines an NMEA log holds that the reader skips without complaint, counted by kind so that each kind
/// is reported once, at the end, with its count and the line of its first occurrence: comments (`#`), AIS
/// (`!AIVDM`), proprietary sentences (`$PSRF…`, by maker) and sentence types the reader does not use (`$GPTXT`).
///
/// A receiver sends such sentences every second; one report per line would bury the issues that matter.
/// Counting costs no allocation once a kind is known, and at most ``maximumKinds`` kinds are kept apart.
struct NMEANoise {
    /// How many kinds are counted apart; the rest are counted together.
    static let maximumKinds = 32
    /// The key of comment lines.
    static let commentKey = UInt64(UInt8(ascii: "#"))
    /// The key of the kinds beyond ``maximumKinds``.
    private static let otherKey: UInt64 = 0

    private struct Tally {
        var count = 0
        let firstLine: Int
    }

    private var tallies: [UInt64: Tally] = [:]

    /// The key of a sentence: its start (`$` or `!`) and its address, packed one byte each; a proprietary
    /// address (`P` and a maker's three letters, then the maker's own type) keeps only `P` and the maker.
    ///
    /// - Parameters:
    ///   - start: `$` or `!`.
    ///   - address: The characters between the start and the first comma.
    /// - Returns: The key, never 0 (``otherKey``) nor ``commentKey``.
    static func key(_ start: UInt8, _ address: UnsafeRawBufferPointer) -> UInt64 {
        let length = address.first == UInt8(ascii: "P") && start == UInt8(ascii: "$") ? 4 : 5
        var key = UInt64(start)
        for byte in address.prefix(length) { key = key << 8 | UInt64(byte) }
        return key
    }

    /// Counts one line of the kind `key`, on line `line`.
    mutating func count(_ key: UInt64, line: Int) {
        if tallies[key] != nil {
            tallies[key]?.count += 1
        } else if tallies.count < Self.maximumKinds {
            tallies[key] = Tally(count: 1, firstLine: line)
        } else {
            tallies[Self.otherKey, default: Tally(firstLine: line)].count += 1
        }
    }

    /// One issue for each kind counted, in the order of their first lines.
    ///
    /// - Parameter file: The input's name.
    /// - Returns: The issues, each with ``ReplayIssue/Severity/skipped``.
    func issues(file: String) -> [ReplayIssue] {
        tallies.sorted { $0.value.firstLine < $1.value.firstLine }.map { key, tally in
            ReplayIssue(
                file: file,
                line: tally.firstLine,
                column: 1,
                message: Self.message(key, tally.count),
                severity: .skipped
            )
        }
    }

    private static func message(_ key: UInt64, _ count: Int) -> String {
        let plural = count == 1 ? "" : "s"
        switch key {
        case commentKey:
            return "\(count) comment line\(plural) (starting with #) skipped, the first here"
        case otherKey:
            return "\(count) sentence\(plural) of further types the reader does not use skipped, the first here"
        default:
            var bytes: [UInt8] = []
            var rest = key
            while rest != 0 {
                bytes.insert(UInt8(truncatingIfNeeded: rest), at: 0)
                rest >>= 8
            }
            let name = String(decoding: bytes, as: UTF8.self)
            if bytes.count == 5, bytes[0] == UInt8(ascii: "$"), bytes[1] == UInt8(ascii: "P") {
                return "\(name)…: \(count) proprietary sentence\(plural) skipped, the first here "
                    + "(the reader does not use them)"
            }
            return "\(name): \(count) sentence\(plural) of a type the reader does not use skipped, the first here"
        }
    }
}
