@_spi(RawSyntax) import SwiftSyntax

/// Token text as the visitor compares it.
extension TokenSyntax {
    /// The token's text without backticks, read in place (no allocation).
    var bareText: SyntaxText {
        let text = rawText
        guard text.count > 2, text.first == UInt8(ascii: "`"), text.last == UInt8(ascii: "`") else { return text }
        return SyntaxText(rebasing: text.dropFirst().dropLast())
    }
}
