import Foundation

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

    /// The format of an input whose first chunk is `first`, or the issue that says it is neither.
    ///
    /// - Parameters:
    ///   - first: The input's first chunk; empty when the input is.
    ///   - name: The input's name, for the issue.
    /// - Returns: The detected format.
    /// - Throws: ``ReplayIssue`` when the input is empty or starts like neither format.
    static func detect(_ first: Data, in name: String) throws(ReplayIssue) -> TrackFormat {
        if let format = detect(first) { return format }
        let what = first.isEmpty ? "is empty" : "is neither GPX (starts with <) nor NMEA (starts with $)"
        throw ReplayIssue(file: name, line: first.isEmpty ? 0 : 1, message: "\(what); give a .gpx or .nmea track")
    }
}
