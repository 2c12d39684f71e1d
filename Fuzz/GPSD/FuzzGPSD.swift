import Foundation
import Whereabouts
import WhereaboutsGPSD

/// libFuzzer's entry: decodes each line of the input as a gpsd JSON message.
///
/// A line either decodes or throws a ``GPSDDecodingError`` whose excerpt is at most
/// ``GPSDDecoder/excerptLength`` characters; a report's location, when there is one, has a valid
/// coordinate. Anything else (a trap, a bad excerpt, an invalid coordinate) is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPSD(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        do {
            let message = try GPSDDecoder.decode(line)
            if case .tpv(let report) = message, let fix = report.location {
                precondition(fix.coordinate.isValid, "invalid coordinate \(fix.coordinate)")
                precondition(report.hasFix, "a location from a report without a fix")
            }
        } catch {
            precondition(error.excerpt.count <= GPSDDecoder.excerptLength, "excerpt too long: \(error.excerpt)")
            _ = error.description
        }
    }
    return 0
}
