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

    /// What a byte may start, by byte value: 1 a location API name, 2 `WKWebView`, 4 `enum`, 8 `CLLocationManager`,
    /// 16 a string literal.
    private static let roles: [UInt8] = {
        var roles = [UInt8](repeating: 0, count: 256)
        for needle in SourceBytes.locationNeedles { roles[Int(needle[0])] |= 1 }
        roles[Int(webView[0])] |= 2
        roles[Int(enumKeyword[0])] |= 4
        roles[Int(locationType[0])] |= 8
        roles[Int(UInt8(ascii: "\""))] |= 16
        return roles
    }()

    /// Scans the bytes of a file.
    ///
    /// - Parameter bytes: The file's UTF-8 bytes.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        let needles = SourceBytes.locationNeedles
        let roles = Self.roles
        let count = bytes.count
        for index in 0..<count {
            let role = roles[Int(bytes[index])]
            if role == 0 { continue }
            if role & 1 != 0 {
                for needle in needles
                where needle[0] == bytes[index] && Self.matches(needle, at: index, in: bytes) {
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

    /// Whether `needle` is spelled out at `index`, whole.
    private static func matches(_ needle: [UInt8], at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index + needle.count <= bytes.count else { return false }
        for offset in 1..<needle.count where bytes[index + offset] != needle[offset] { return false }
        return true
    }
}
