/// The track formats Whereabouts reads.
public enum TrackFormat: String, Hashable, Sendable, CaseIterable {
    /// GPX 1.0 or 1.1 (XML).
    case gpx
    /// NMEA 0183 sentences, one per line.
    case nmea

    /// Guesses the format from the first bytes of the input: `<` (after any byte-order mark and
    /// white space) is GPX, `$` or `!` is NMEA.
    ///
    /// - Parameter prefix: The first bytes (a few hundred are plenty).
    /// - Returns: The format, or `nil` when neither fits.
    public static func detect(_ prefix: some Collection<UInt8>) -> TrackFormat? {
        var bytes = Array(prefix.prefix(4096))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        switch first {
        case UInt8(ascii: "<"): return .gpx
        case UInt8(ascii: "$"), UInt8(ascii: "!"): return .nmea
        default: return nil
        }
    }

}
