import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What gpsd sends reaches the terminal only with its control characters made visible.
@Suite(.timeLimit(.minutes(5)))
struct TrackGPSDLineTests {
    /// A one-connection server on a loopback port that sends `text` and closes, run on a thread of its own (an
    /// `accept` never blocks the cooperative pool).
    final class OneShotServer: @unchecked Sendable {
        // @unchecked: `descriptor` and `port` are set in `init` and only read afterwards.
        let descriptor: Int32
        let port: UInt16

        init(sending text: String) throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            try #require(listener >= 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    bind(listener, generic, length) == 0 && listen(listener, 4) == 0
                        && getsockname(listener, generic, &length) == 0
                }
            }
            try #require(bound)
            descriptor = listener
            port = UInt16(bigEndian: address.sin_port)
            Thread.detachNewThread {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                _ = text.withCString { send(client, $0, strlen($0), 0) }
                close(client)
            }
        }

        func stop() {
            shutdown(descriptor, Int32(SHUT_RDWR))
            close(descriptor)
        }
    }

    @Test("an escape sequence in a line gpsd sends is printed visibly, never raw")
    func gpsdLinesAreMadeVisible() async throws {
        let server = try OneShotServer(sending: "\u{1B}[2J\u{1B}]0;owned\u{07}not json\n")
        defer { server.stop() }
        // gpsd never sends a fix here: stop the run with SIGINT after a few seconds, as a person would.
        let result = try await CLIShell.run(
            #"timeout -s INT 4 "$W" track --source gpsd://127.0.0.1:\#(server.port) "# + CLIShell.answered,
            seconds: 30
        )
        #expect(!result.timedOut)
        #expect(result.stderr.contains("\\u{1B}[2J\\u{1B}]0;owned\\u{7}not json"), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(result.stderr)")
    }
}
