import NIOCore
import NIOPosix

/// Free ports on 127.0.0.1, and whether something listens on one.
enum LoopbackPort {
    /// A port nothing listens on now: bound to 127.0.0.1:0, read back, and closed.
    ///
    /// Another test could bind it before the caller does (tests bind ports in parallel, and a
    /// freed port can come back at once); the caller's bind then fails loudly. For a port that
    /// must stay closed, use ``RefusingPort``, which keeps it taken.
    ///
    /// - Returns: The port.
    /// - Throws: When no socket can be bound.
    static func free() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0)
            .get()
        let port = channel.localAddress?.port
        try await channel.close().get()
        guard let port else { throw FeederError(description: "a socket bound to 127.0.0.1:0 has no port") }
        return port
    }

    /// Whether a TCP connection to 127.0.0.1:`port` is accepted now; the connection is closed at once.
    ///
    /// - Parameter port: The port to try.
    /// - Returns: `true` when the connection was made.
    static func accepts(_ port: Int) async -> Bool {
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.milliseconds(200))
                .connect(host: "127.0.0.1", port: port)
                .get()
            try? await channel.close().get()
            return true
        } catch {
            return false
        }
    }
}
