public import Foundation

/// Decodes one line of gpsd's JSON protocol into a ``GPSDMessage``.
///
/// The decoder is lenient where gpsd is loose and strict where a line is garbage: a field of
/// the wrong type (a string where a number belongs) is read as absent, but a line that is not
/// a JSON object, or has no `class`, throws. Unknown classes decode to
/// ``GPSDMessage/other(className:)``. `time` is ISO 8601 in UTC, with or without fractions of a
/// second. The decoder keeps no state, so any task may call it.
///
/// A `TPV` in gpsd's usual shape (a flat object of numbers and plain strings, nearly every line of
/// a live stream) is read straight from its bytes; any other line, and any `TPV` that fast path
/// is not sure of, goes through Foundation's `JSONDecoder`. Both give the same message for every
/// line.
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
        if let report = line.withContiguousStorageIfAvailable(GPSDTPVScanner.scan) ?? nil {
            return .tpv(report)
        }
        return try decodeWithJSONDecoder(line)
    }

    /// Decodes one line with Foundation's `JSONDecoder` only, without the fast path for `TPV` reports.
    ///
    /// ``decode(_:)`` gives the same result for every line, faster; this is the reference it is tested against.
    ///
    /// - Parameter line: The line's UTF-8 bytes (a trailing `\r` is allowed).
    /// - Returns: The message.
    /// - Throws: ``GPSDDecodingError`` when the line is not a JSON object with a string `class`.
    @_spi(Testing)
    public static func decodeWithJSONDecoder(
        _ line: some Collection<UInt8>
    ) throws(GPSDDecodingError) -> GPSDMessage {
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

    /// The report in a `TPV` line, read without `JSONDecoder`, or `nil` when the fast path declines the line.
    ///
    /// For every line this is either `nil` or the report ``decodeWithJSONDecoder(_:)`` gives; ``decode(_:)``
    /// tries it first. The fast path reads only gpsd's usual shape of a `TPV` (a flat object of numbers and plain
    /// strings) and declines anything it is not sure of: other classes, escapes, repeated keys, unusual numbers.
    ///
    /// - Parameter line: The line's UTF-8 bytes.
    /// - Returns: The report, or `nil` when the line must go to the full decoder.
    @_spi(Testing)
    public static func scanTPV(_ line: some Collection<UInt8>) -> GPSDReport? {
        line.withContiguousStorageIfAvailable(GPSDTPVScanner.scan)
            ?? Array(line).withUnsafeBufferPointer(GPSDTPVScanner.scan)
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
