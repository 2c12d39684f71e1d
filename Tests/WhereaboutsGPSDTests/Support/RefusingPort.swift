#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port that refuses every connection for as long as this value lives: a TCP socket
/// bound to 127.0.0.1 and never listening.
///
/// Binding and closing a socket to find a closed port leaves the port free for the next bind,
/// and tests running in parallel bind ports all the time: a test that wants "connection
/// refused" can then meet another test's server on that port. Holding the bound socket keeps
/// the port taken, and a port that is bound but not listening answers a connection with a
/// reset, which the connecting side sees as `ECONNREFUSED`.
final class RefusingPort {
    /// The bound port.
    let port: Int
    private let descriptor: Int32

    /// Binds a socket to 127.0.0.1 and a port the system picks, without listening.
    ///
    /// - Throws: `FeederError` naming the call that failed and its `errno`.
    init() throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw FeederError(description: "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, size) }
        }
        var readBack = sockaddr_in()
        var readBackSize = size
        let named = withUnsafeMutablePointer(to: &readBack) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &readBackSize) }
        }
        guard bound == 0, named == 0 else {
            let code = errno
            close(descriptor)
            throw FeederError(description: "binding a socket to 127.0.0.1:0 failed: errno \(code)")
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: readBack.sin_port))
    }

    deinit {
        close(descriptor)
    }
}
