import Foundation
import Glibc

/// Blocking TCP sockets on 127.0.0.1 for the bench's own servers (the NMEA feeder, the replay server).
///
/// Plain POSIX calls on a thread of their own: the feeder must stamp the monotonic time right before each
/// `write`, with no event loop in between.
enum LoopbackSocket {
    /// A listening socket on 127.0.0.1 and a free port the kernel picked.
    ///
    /// - Returns: The socket and its port.
    /// - Throws: ``BenchError`` when the socket cannot be made.
    static func listen() throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchError("socket() failed: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(descriptor, pointer, length) == 0 && Glibc.listen(descriptor, 8) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw BenchError("cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A free loopback port: bound, read back and closed (nothing else on this machine picks ports at random).
    static func freePort() throws -> Int {
        let (descriptor, port) = try listen()
        close(descriptor)
        return port
    }

    /// Waits up to `timeout` seconds for a connection and accepts it, with `TCP_NODELAY` set.
    ///
    /// - Returns: The connected socket, or nil on timeout.
    static func accept(_ listener: Int32, timeout: Double) -> Int32? {
        var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return nil }
        let connection = Glibc.accept(listener, nil, nil)
        guard connection >= 0 else { return nil }
        var yes: Int32 = 1
        setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        return connection
    }

    /// Whether something accepts connections on 127.0.0.1:`port` now.
    static func accepts(_ port: Int) -> Bool {
        guard let descriptor = connect(port) else { return false }
        close(descriptor)
        return true
    }

    /// A connection to 127.0.0.1:`port`, or nil when refused.
    static func connect(_ port: Int) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Writes every byte (retrying short writes); false when the peer is gone.
    @discardableResult
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Reads what is there (waiting up to `timeout` seconds); nil on EOF, error or timeout.
    static func read(_ descriptor: Int32, timeout: Double) -> [UInt8]? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return Array(buffer[0..<count])
    }
}
