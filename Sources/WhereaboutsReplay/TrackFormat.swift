import Foundation

/// The track formats Whereabouts reads.
public enum TrackFormat: String, Hashable, Sendable, CaseIterable {
    /// GPX 1.0 or 1.1 (XML).
    case gpx
    /// NMEA 0183 sentences, one per line.
    case nmea

    /// How many bytes detection looks at, at most: a header or a few lines of binary bytes before an
    /// NMEA log's first sentence fit.
    static let detectionLength = 16_384

    /// Guesses the format from the first bytes of the input.
    ///
    /// After any UTF-8 byte-order mark and white space, `<` is GPX and `$` or `!` is NMEA. Otherwise
    /// the first of these decides, anywhere in the first 16 KiB: `<gpx` or `<?xml` (GPX), or a whole
    /// NMEA sentence with a correct checksum, `$GPGGA,…*hh` (NMEA), as when a log starts with a comment
    /// header (`# Name: …`), a free-text header, binary bytes or a sentence cut where the recording
    /// began. Text in UTF-16 (with a byte-order mark, or GPX starting `<?`) is read as its UTF-8.
    ///
    /// - Parameter prefix: The first bytes (a few kilobytes are plenty).
    /// - Returns: The format, or `nil` when neither fits.
    public static func detect(_ prefix: some Collection<UInt8>) -> TrackFormat? {
        var bytes = Data(prefix.prefix(detectionLength))
        if let isBigEndian = UTF16Transcoder.byteOrder(of: bytes) {
            var transcoder = UTF16Transcoder(isBigEndian: isBigEndian)
            bytes = transcoder.transcode(bytes, isLast: false)
        }
        return bytes.withUnsafeBytes { TrackSniffer(bytes: $0).format }
    }

    /// The format of an input, read from its first bytes, which are put back to be read again.
    ///
    /// Reads until the format is clear, the input ends, or 16 KiB were read: a slow pipe (`gpspipe -r |
    /// whereabouts track --source -`) starts playing at its first sentence.
    ///
    /// - Parameter input: The input (UTF-16 input comes out of it as UTF-8); its first bytes are read
    ///   and put back.
    /// - Returns: The detected format.
    /// - Throws: ``ReplayIssue`` when the input is empty, compressed (gzip, bzip2, xz, zstd, zip: named, with how
    ///   to decompress it) or like neither format.
    package static func detect(in input: inout ByteInput) throws(ReplayIssue) -> TrackFormat {
        var head = Data()
        while head.count < detectionLength, let chunk = try input.nextChunk() {
            if head.isEmpty {
                head = chunk
                if let problem = CompressedInput.problem(head: head, name: input.name) {
                    throw ReplayIssue(file: input.name, line: 0, message: problem)
                }
            } else {
                head.append(chunk)
            }
            if let format = head.withUnsafeBytes({ TrackSniffer(bytes: $0).format }) {
                input.putBack(head)
                return format
            }
        }
        input.putBack(head)
        guard !head.isEmpty else {
            throw ReplayIssue(file: input.name, line: 0, message: "is empty; give a .gpx or .nmea track")
        }
        throw ReplayIssue(
            file: input.name,
            line: 1,
            message: "is neither GPX (no <gpx or <?xml in its first 16 KiB) nor NMEA (no sentence such as "
                + "$GPGGA,…*hh with a correct checksum in its first 16 KiB); give a .gpx or .nmea track"
        )
    }
}
