import Foundation
import Whereabouts
import WhereaboutsReplay

/// libFuzzer's entry: reads the input as an NMEA log and checks every fix it yields.
///
/// The first byte sets the reading mode: its low 7 bits pick the chunk size (1…64 bytes below 64, else 64 KiB as for a file)
/// so tokens get split at every place, and its high bit picks strict mode. The rest is the log. A trap,
/// an endless read, or a fix with an invalid coordinate or a non-finite value stops the run with a crash file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNMEA(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let mode = bytes[0]
    let chunkSize = mode & 0x7F < 64 ? Int(mode & 0x7F) + 1 : 65_536
    let document = Data(bytes[1...])
    var reader = NMEAReader(data: document, chunkSize: chunkSize, strict: mode & 0x80 != 0)
    var events = 0
    while true {
        let event: SourceEvent?
        do {
            event = try reader.next()
        } catch {
            precondition((try? reader.next()) == nil, "a reader that threw must return nil next")
            break
        }
        guard let event else {
            precondition((try? reader.next()) == nil, "a reader at its end must stay there")
            break
        }
        events += 1
        // Each epoch ends at a sentence of a new time (or the end), so there are no more events than bytes.
        precondition(events <= document.count + 1, "more events than bytes: the reader loops")
        switch event {
        case .location(let fix): checkFix(fix)
        case .unavailable: break
        case .heading: preconditionFailure("an NMEA reader yields no headings")
        }
    }
    return 0
}

/// Traps unless the fix holds what the reader promises: a valid coordinate and finite, in-range values.
func checkFix(_ fix: Location) {
    precondition(fix.coordinate.isValid, "invalid coordinate \(fix.coordinate)")
    precondition(fix.horizontalAccuracy.isFinite && fix.horizontalAccuracy >= 0, "accuracy \(fix.horizontalAccuracy)")
    precondition(fix.timestamp.timeIntervalSince1970.isFinite, "timestamp \(fix.timestamp)")
    if let altitude = fix.altitude { precondition(altitude.isFinite, "altitude \(altitude)") }
    if let vertical = fix.verticalAccuracy {
        precondition(vertical.isFinite && vertical >= 0, "vertical accuracy \(vertical)")
    }
    if let speed = fix.speed { precondition(speed.isFinite && speed >= 0, "speed \(speed)") }
    if let course = fix.course { precondition(course >= 0 && course <= 360, "course \(course)") }
}
