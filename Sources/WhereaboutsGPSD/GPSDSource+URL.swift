public import Logging
public import NIOCore
public import NIOPosix

extension GPSDSource {
    /// Creates a source from a URL: `gpsd://HOST:PORT`, `gpsd://HOST` (port 2947) or `gpsd://[::1]:2947`.
    ///
    /// The host is a name or an address, an IPv6 address in brackets; nothing may follow the
    /// port but an optional `/`.
    ///
    /// ```swift
    /// let source = try GPSDSource(url: "gpsd://127.0.0.1:2947")
    /// ```
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - configuration: The waits and limits.
    ///   - clock: The clock for backoff and the watchdog.
    ///   - logger: Where trouble is logged; by default the caller's task-local logger (`Logger.current`).
    ///   - eventLoopGroup: The SwiftNIO event loops the socket runs on.
    /// - Throws: ``GPSDURLError`` when `url` is not of one of those forms.
    public init(
        url: String,
        configuration: Configuration = .init(),
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = Logger.current,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) throws(GPSDURLError) {
        let (host, port) = try Self.parse(url: url)
        self.init(
            host: host,
            port: port,
            configuration: configuration,
            clock: clock,
            logger: logger,
            eventLoopGroup: eventLoopGroup
        )
    }

    /// Splits a `gpsd://` URL into its host (IPv6 without brackets) and port.
    static func parse(url: String) throws(GPSDURLError) -> (host: String, port: Int) {
        let scheme = "gpsd://"
        guard url.lowercased().hasPrefix(scheme) else { throw GPSDURLError(url: url, .notGPSD) }
        var authority = url.dropFirst(scheme.count)
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        let host: Substring
        let portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw GPSDURLError(url: url, .badHost) }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let rest = authority[authority.index(after: close)...]
            if rest.isEmpty {
                portText = nil
            } else if rest.hasPrefix(":") {
                portText = rest.dropFirst()
            } else {
                throw GPSDURLError(url: url, .badHost)
            }
            guard host.contains(":") else { throw GPSDURLError(url: url, .badHost) }
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            portText = parts.count > 1 ? parts[1] : nil
            if let portText, portText.contains(":") { throw GPSDURLError(url: url, .badHost) }
        }
        let allowed = { (character: Character) in
            character.isASCII && (character.isLetter || character.isNumber || "-._:%".contains(character))
        }
        guard !host.isEmpty, host.allSatisfy(allowed) else { throw GPSDURLError(url: url, .badHost) }
        guard let portText else { return (String(host), gpsdDefaultPort) }
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCII), let port = Int(portText),
            (1...65_535).contains(port)
        else { throw GPSDURLError(url: url, .badPort) }
        return (String(host), port)
    }
}
