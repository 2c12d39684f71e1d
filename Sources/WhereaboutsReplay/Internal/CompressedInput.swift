import Foundation

/// Recognises a compressed or archived track by its first bytes, so it is refused by name rather than as
/// "neither GPX nor NMEA" (gzip is read: see ``GzipInflater``).
enum CompressedInput {
    /// The kinds recognised: a name, the magic bytes at the start, and how to decompress.
    private static let kinds: [(name: String, magic: [UInt8], advice: String)] = [
        (
            "bzip2-compressed", Array("BZh".utf8),
            "bunzip2 -k FILE, or pipe it: bunzip2 -c FILE | whereabouts track --source -"
        ),
        (
            "xz-compressed", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00],
            "unxz -k FILE, or pipe it: xz -dc FILE | whereabouts track --source -"
        ),
        (
            "zstd-compressed", [0x28, 0xB5, 0x2F, 0xFD],
            "unzstd FILE, or pipe it: zstd -dc FILE | whereabouts track --source -"
        ),
        ("a zip archive (as a KMZ file is)", [0x50, 0x4B, 0x03, 0x04], "unzip FILE and give the .gpx or .nmea inside"),
    ]

    /// Why `head` cannot be read as it is, when it starts as a compressed format does.
    ///
    /// - Parameters:
    ///   - head: The first bytes of the input.
    ///   - name: The input's name, put in the advice.
    /// - Returns: "is bzip2-compressed, not a GPX or NMEA track; decompress it first: …", or `nil` when `head`
    ///   starts with no known compressed format.
    static func problem(head: Data, name: String) -> String? {
        guard let kind = kinds.first(where: { head.starts(with: $0.magic) }) else { return nil }
        // "BZh" is text too: bzip2 has a block size digit, then a block's or the end's magic number.
        if kind.magic.count == 3 {
            let rest = Array(head.dropFirst(3).prefix(7))
            guard rest.count == 7, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(rest[0]),
                rest[1...] == [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]
                    || rest[1...] == [0x17, 0x72, 0x45, 0x38, 0x50, 0x90]
            else { return nil }
        }
        let file = name.hasPrefix("<") ? "the file" : name
        return "is \(kind.name), not a GPX or NMEA track; decompress it first: "
            + kind.advice.replacingOccurrences(of: "FILE", with: file)
    }
}
