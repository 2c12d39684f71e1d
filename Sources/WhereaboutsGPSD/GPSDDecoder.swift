public import Foundation

/// Decodes one line of gpsd's JSON protocol into a ``GPSDMessage``.
///
/// The decoder is lenient where gpsd is loose and strict where a line is garbage: a field of
/// the wrong type (a string where a number belongs) is read as absent, but a line that is not
/// a JSON object, or has no `class`, throws. Unknown classes decode to
/// ``GPSDMessage/other(className:)``. `time` is ISO 8601 in UTC, with or without fractions of a
/// second. The decoder keeps no state, so any task may call it.
///
/// ```swift
/// let line = #"{"class":"TPV","mode":3,"time":"2025-06-01T12:00:07.000Z","lat":52.52,"lon":13.4}"#
/// if case .tpv(let report) = try GPSDDecoder.decode(Array(line.utf8)) {
///     print(report.location!)
/// }
/// ```
public enum GPSDDecoder {
    /// How many characters of a bad line an error keeps.
    public static let excerptLength = 80

    /// Decodes one line, without its line break.
    ///
    /// - Parameter line: The line's UTF-8 bytes (a trailing `\r` is allowed).
    /// - Returns: The message.
    /// - Throws: ``GPSDDecodingError`` when the line is not a JSON object with a string `class`.
    public static func decode(_ line: some Collection<UInt8>) throws(GPSDDecodingError) -> GPSDMessage {
        let data = Data(line)
        do {
            return try decoder.decode(GPSDWireMessage.self, from: data).message
        } catch let error as GPSDWireError {
            throw GPSDDecodingError(excerpt: excerpt(of: line), message: error.message)
        } catch let error as DecodingError {
            throw GPSDDecodingError(excerpt: excerpt(of: line), message: describe(error))
        } catch {
            throw GPSDDecodingError(excerpt: excerpt(of: line), message: "\(error)")
        }
    }

    /// Parses gpsd's time format, `2025-06-01T12:00:07.000Z`.
    ///
    /// Fractions of a second may have any number of digits, or none; the zone is `Z` or an
    /// offset such as `+02:00`.
    ///
    /// - Parameter text: The timestamp.
    /// - Returns: The date, or `nil` when the text is not such a timestamp.
    public static func parseTime(_ text: String) -> Date? {
        GPSDTimeParser.parse(text)
    }

    // JSONDecoder is thread-safe once configured; one instance saves an allocation per line.
    private static let decoder = JSONDecoder()

    static func excerpt(of line: some Collection<UInt8>) -> String {
        String(decoding: line.prefix(excerptLength), as: UTF8.self)
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted: "not JSON"
        case .typeMismatch: "not a JSON object"
        case .keyNotFound(let key, _): "no \"\(key.stringValue)\""
        case .valueNotFound(_, let context): context.debugDescription
        @unknown default: "\(error)"
        }
    }
}
