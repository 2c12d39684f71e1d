import NIOCore

/// An ``NMEAFeeder`` and a real gpsd reading from it, for the length of one test.
///
/// ```swift
/// try await GPSDHarness.with { harness in
///     let source = GPSDSource(port: harness.gpsd.port)
///     // …
/// }
/// // gpsd and the feeder are stopped here, whether the body returned or threw.
/// ```
struct GPSDHarness: Sendable {
    /// The NMEA source gpsd reads.
    let feeder: NMEAFeeder
    /// The daemon.
    let gpsd: GPSDProcess

    /// Starts a feeder and gpsd on free loopback ports, runs `body`, and stops both — also when
    /// `body` throws or the test is cancelled (clean-up runs in a task of its own, which the
    /// test's cancellation does not reach).
    ///
    /// - Parameters:
    ///   - interval: Real time between NMEA epochs.
    ///   - body: The test.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws (gpsd's log is printed then); or why gpsd could not start.
    static func with<Value>(
        interval: TimeAmount = .milliseconds(100),
        _ body: (GPSDHarness) async throws -> Value
    ) async throws -> Value {
        let feeder = try await NMEAFeeder.start(interval: interval)
        let gpsd: GPSDProcess
        do {
            gpsd = try await GPSDProcess.start(feederPort: feeder.port)
        } catch {
            await Task { await feeder.stop() }.value
            throw error
        }
        let harness = GPSDHarness(feeder: feeder, gpsd: gpsd)
        do {
            let result = try await body(harness)
            await Task { await harness.shutDown() }.value
            return result
        } catch {
            let log = await gpsd.log
            await Task { await harness.shutDown() }.value
            print("gpsd's log (the test threw \(type(of: error))):\n\(log)")
            throw error
        }
    }

    private func shutDown() async {
        await gpsd.stop()
        await feeder.stop()
    }
}
