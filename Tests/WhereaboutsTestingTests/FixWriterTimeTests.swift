import Foundation
import Testing

@testable import whereabouts

/// `FixWriter.time` formats every fix's timestamp by hand; these pin it to ISO 8601 in UTC.
@Suite(.timeLimit(.minutes(5)))
struct FixWriterTimeTests {
    @Test(arguments: [
        (1_748_779_207.123, "2025-06-01T12:00:07.123Z", "12:00:07"),
        (0, "1970-01-01T00:00:00.000Z", "00:00:00"),
        (-0.5, "1969-12-31T23:59:59.500Z", "23:59:59"),
        (951_825_599.9996, "2000-02-29T12:00:00.000Z", "12:00:00"),
        (4_102_444_799.001, "2099-12-31T23:59:59.001Z", "23:59:59"),
    ])
    func formatsInUTCWithRoundedMilliseconds(seconds: Double, iso: String, clock: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(FixWriter.time(date, iso: true) == iso)
        #expect(FixWriter.time(date) == clock)
    }

    @Test func agreesWithFoundationsFormatterOnRandomInstants() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            let millisecond = Double(Int.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator))
            let date = Date(timeIntervalSince1970: millisecond / 1_000)
            #expect(FixWriter.time(date, iso: true) == formatter.string(from: date))
        }
    }
}
