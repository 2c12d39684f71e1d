import Foundation
import NIOCore
import NIOPosix

/// A bare gpsd client for checking the harness without the library: it sends `?WATCH` and
/// reads TPV reports as JSON.
enum GPSDJSONProbe {
    /// The fields of a TPV report the harness checks.
    struct TPV: Decodable, Sendable {
        var mode: Int?
        var time: String?
        var lat: Double?
        var lon: Double?
        var speed: Double?
        var track: Double?
        var altMSL: Double?
    }

    private struct Header: Decodable {
        var `class`: String
    }

    /// Watches gpsd and returns the first `count` TPV reports that carry a time and a position.
    ///
    /// - Parameters:
    ///   - port: gpsd's port on 127.0.0.1.
    ///   - count: How many reports to read.
    /// - Returns: The reports, in order.
    /// - Throws: When the connection fails or ends first.
    static func reports(port: Int, count: Int) async throws -> [TPV] {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: "?WATCH={\"enable\":true,\"json\":true}\n"))
            // Bytes, not a String: "\r\n" is one Character, in which "\n" is not found.
            var pending: [UInt8] = []
            var reports: [TPV] = []
            let decoder = JSONDecoder()
            for try await chunk in inbound {
                pending += chunk.readableBytesView
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = Data(pending[..<newline])
                    pending.removeSubrange(...newline)
                    guard (try? decoder.decode(Header.self, from: line))?.class == "TPV" else { continue }
                    let report = try decoder.decode(TPV.self, from: line)
                    guard report.time != nil, report.lat != nil, report.lon != nil else { continue }
                    reports.append(report)
                    if reports.count == count { return reports }
                }
            }
            throw GPSDProcessError("gpsd closed the connection after \(reports.count) of \(count) reports")
        }
    }
}
