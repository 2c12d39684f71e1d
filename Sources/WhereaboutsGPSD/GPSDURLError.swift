/// A `--source` or configuration value that is not a gpsd URL.
///
/// Its description names the value, says what is wrong, and gives the forms that work.
///
/// ```swift
/// do { _ = try GPSDSource(url: "gpsd:/localhost") } catch { print(error) }
/// // "gpsd:/localhost" is not a gpsd URL; write gpsd://HOST:PORT, gpsd://HOST …
/// ```
public struct GPSDURLError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Problem: Hashable, Sendable {
        case notGPSD, badHost, badPort
    }

    /// The value that was given.
    public let url: String
    private let problem: Problem

    init(url: String, _ problem: Problem) {
        self.url = url
        self.problem = problem
    }

    /// What is wrong and the forms that work.
    public var description: String {
        let forms =
            "write gpsd://HOST:PORT, gpsd://HOST (port \(gpsdDefaultPort)) or gpsd://[IPv6]:PORT, "
            + "for example gpsd://127.0.0.1:\(gpsdDefaultPort)"
        return switch problem {
        case .notGPSD: "\"\(url)\" is not a gpsd URL; \(forms)"
        case .badHost: "\"\(url)\" has no valid host; \(forms)"
        case .badPort: "\"\(url)\" has no valid port (1–65535); \(forms)"
        }
    }
}
