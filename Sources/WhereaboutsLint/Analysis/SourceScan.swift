/// What one pass over a file's bytes found: the searches of ``SourceBytes`` done together, so that a file's bytes
/// are read once before it is parsed (see ``SourceBytes/scan(_:)``).
struct SourceScan: Sendable {
    /// The UTF-8 offsets, in increasing order, where the text names a location API the analyzer detects
    /// (``SourceBytes/locationAPIOffsets(_:)``).
    var locationAPIOffsets: [Int] = []
    /// The UTF-8 offset where the text first names `WKWebView`, if it does.
    var webViewOffset: Int?
    /// Whether the text has a string literal or names `enum` (``SourceBytes/mayDeclareConstants(_:)``).
    var mayDeclareConstants = false
    /// Whether the text names `CLLocationManager` (``SourceBytes/mentionsLocationType(_:)``).
    var mentionsLocationType = false

    private static let webView = Array("WKWebView".utf8)
    private static let enumKeyword = Array("enum".utf8)
    private static let locationType = Array("CLLocationManager".utf8)

    /// What two bytes may start, by `first << 8 | second`: 1 a location API name, 2 `WKWebView`, 4 `enum`,
    /// 8 `CLLocationManager`, 16 a string literal (a `"` followed by any byte). Every needle is at least four bytes
    /// long, so most bytes of a file are passed over with one look-up.
    private static let pairRoles: [UInt8] = {
        var roles = [UInt8](repeating: 0, count: 1 << 16)
        func mark(_ needle: [UInt8], _ role: UInt8) { roles[Int(needle[0]) << 8 | Int(needle[1])] |= role }
        for needle in SourceBytes.locationNeedles { mark(needle, 1) }
        mark(webView, 2)
        mark(enumKeyword, 4)
        mark(locationType, 8)
        for second in 0..<256 { roles[Int(UInt8(ascii: "\"")) << 8 | second] |= 16 }
        return roles
    }()

    /// Scans the bytes of a file.
    ///
    /// - Parameter bytes: The file's UTF-8 bytes.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        let needles = SourceBytes.locationNeedles
        let count = bytes.count
        // A `"` as the very last byte has no pair.
        if count > 0, bytes[count - 1] == UInt8(ascii: "\"") { mayDeclareConstants = true }
        guard count >= 2 else { return }
        Self.pairRoles.withUnsafeBufferPointer { roles in
            var pair = Int(bytes[0])
            for index in 0..<(count - 1) {
                pair = (pair << 8 | Int(bytes[index + 1])) & 0xFFFF
                let role = roles[pair]
                if role == 0 { continue }
                if role & 1 != 0 {
                    for needle in needles
                    where needle[0] == bytes[index] && needle[1] == bytes[index + 1]
                        && Self.matches(needle, at: index, in: bytes)
                    {
                        locationAPIOffsets.append(index)
                        break
                    }
                }
                if role & 2 != 0, webViewOffset == nil, Self.matches(Self.webView, at: index, in: bytes) {
                    webViewOffset = index
                }
                if role & 4 != 0, !mayDeclareConstants, Self.matches(Self.enumKeyword, at: index, in: bytes) {
                    mayDeclareConstants = true
                }
                if role & 8 != 0, !mentionsLocationType, Self.matches(Self.locationType, at: index, in: bytes) {
                    mentionsLocationType = true
                }
                if role & 16 != 0 { mayDeclareConstants = true }
            }
        }
    }

    /// Whether `needle` is spelled out at `index`, whole, its first two bytes being known to match.
    private static func matches(_ needle: [UInt8], at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index + needle.count <= bytes.count else { return false }
        for offset in 2..<needle.count where bytes[index + offset] != needle[offset] { return false }
        return true
    }
}
