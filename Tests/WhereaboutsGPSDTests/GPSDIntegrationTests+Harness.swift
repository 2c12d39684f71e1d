import Foundation
import Testing

extension GPSDIntegrationTests {
    /// The harness on its own, without the library: gpsd reads the feeder and reports what it
    /// wrote. When this passes and the others fail, the fault is in `GPSDSource`.
    @Test("the harness: a real gpsd reports exactly what the feeder wrote (raw JSON), and stops on SIGTERM")
    func harnessFeedsGPSD() async throws {
        try await GPSDHarness.with { harness in
            let port = harness.gpsd.port
            let reports = try await withTimeLimit(.seconds(15), waitingFor: "5 TPV reports from gpsd") {
                try await GPSDJSONProbe.reports(port: port, count: 5)
            }
            let parser = ISO8601DateFormatter()
            parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            var indices: [Int] = []
            for report in reports {
                let time = try #require(report.time.flatMap(parser.date(from:)), "TPV time \(report.time ?? "nil")")
                let epoch = try #require(harness.feeder.epoch(at: time), "no epoch was written for \(time)")
                indices.append(epoch.index)
                #expect(report.mode == 3)
                #expect(abs((report.lat ?? 0) - epoch.latitude) < 1e-6)
                #expect(abs((report.lon ?? 0) - epoch.longitude) < 1e-6)
                #expect(abs((report.speed ?? 0) - epoch.speed) < 0.01)
                #expect(abs((report.track ?? 0) - epoch.course) < 0.01)
                #expect(abs((report.altMSL ?? 0) - epoch.altitude) < 0.01)
            }
            #expect(indices == Array((indices.first ?? 0)..<(indices.first ?? 0) + reports.count))
            #expect(harness.feeder.connections == 1)
            #expect(await harness.gpsd.stop() == .terminated, "gpsd must honour SIGTERM")
        }
    }
}
