import Foundation
import Whereabouts
@_spi(Testing) import WhereaboutsGPSD

/// libFuzzer's entry: decodes each line of the input as a gpsd JSON message, by both of the decoder's paths.
///
/// A line either decodes or throws a ``GPSDDecodingError`` whose excerpt is at most
/// ``GPSDDecoder/excerptLength`` characters; a report's location, when there is one, has a valid
/// coordinate. The fast path for `TPV` lines either declines the line or gives, to the bit, the report
/// `JSONDecoder` gives; and ``GPSDDecoder/decode(_:)`` gives the full decoder's message or error. Anything else
/// (a trap, a bad excerpt, an invalid coordinate, the two paths disagreeing) is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGPSD(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        let full: Result<GPSDMessage, GPSDDecodingError>
        do {
            let message = try GPSDDecoder.decodeWithJSONDecoder(line)
            if case .tpv(let report) = message, let fix = report.location {
                precondition(fix.coordinate.isValid, "invalid coordinate \(fix.coordinate)")
                precondition(report.hasFix, "a location from a report without a fix")
            }
            full = .success(message)
        } catch {
            precondition(error.excerpt.count <= GPSDDecoder.excerptLength, "excerpt too long: \(error.excerpt)")
            _ = error.description
            full = .failure(error)
        }
        if let scanned = GPSDDecoder.scanTPV(line) {
            guard case .success(.tpv(let expected)) = full, sameBits(scanned, expected) else {
                preconditionFailure("the TPV fast path read \(scanned), the full decoder \(full)")
            }
        }
        switch (Result { () throws(GPSDDecodingError) in try GPSDDecoder.decode(line) }, full) {
        case (.success(.tpv(let one)), .success(.tpv(let other))):
            precondition(sameBits(one, other), "decode gave \(one), the full decoder \(other)")
        case (let one, let other):
            precondition(one == other, "decode gave \(one), the full decoder \(other)")
        }
    }
    return 0
}

/// Whether two reports are equal with every number the same to the bit (`-0.0` is not `0.0`).
private func sameBits(_ one: GPSDReport, _ other: GPSDReport) -> Bool {
    let numbers: [KeyPath<GPSDReport, Double?>] = [
        \.lat, \.lon, \.altHAE, \.altMSL, \.alt, \.eph, \.epx, \.epy, \.epv, \.speed, \.track, \.climb,
    ]
    return one == other
        && one.time?.timeIntervalSinceReferenceDate.bitPattern == other.time?.timeIntervalSinceReferenceDate.bitPattern
        && numbers.allSatisfy { one[keyPath: $0]?.bitPattern == other[keyPath: $0]?.bitPattern }
}
