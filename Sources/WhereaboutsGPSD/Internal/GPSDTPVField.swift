/// A key of a `TPV` report that ``GPSDTPVScanner`` reads; any other key is skipped.
///
/// These are the keys the full decoder reads from a `TPV`, so a report the scanner builds holds exactly what the
/// full decoder's would. Each has a bit, so the scanner can decline a line that repeats one.
enum GPSDTPVField: UInt8, CaseIterable {
    case `class`, device, mode, time, lat, lon, altHAE, altMSL, alt, eph, epx, epy, epv, speed, track, climb

    /// The field named by a key's bytes (the key without its quotes), or `nil` for any other key.
    init?(key: UnsafeBufferPointer<UInt8>) {
        switch key.count {
        case 3:
            if Self.equal(key, "lat") {
                self = .lat
            } else if Self.equal(key, "lon") {
                self = .lon
            } else if Self.equal(key, "alt") {
                self = .alt
            } else if Self.equal(key, "eph") {
                self = .eph
            } else if Self.equal(key, "epx") {
                self = .epx
            } else if Self.equal(key, "epy") {
                self = .epy
            } else if Self.equal(key, "epv") {
                self = .epv
            } else {
                return nil
            }
        case 4:
            if Self.equal(key, "mode") {
                self = .mode
            } else if Self.equal(key, "time") {
                self = .time
            } else {
                return nil
            }
        case 5:
            if Self.equal(key, "class") {
                self = .class
            } else if Self.equal(key, "speed") {
                self = .speed
            } else if Self.equal(key, "track") {
                self = .track
            } else if Self.equal(key, "climb") {
                self = .climb
            } else {
                return nil
            }
        case 6:
            if Self.equal(key, "device") {
                self = .device
            } else if Self.equal(key, "altHAE") {
                self = .altHAE
            } else if Self.equal(key, "altMSL") {
                self = .altMSL
            } else {
                return nil
            }
        default:
            return nil
        }
    }

    /// The field's bit in a set of seen fields.
    var bit: UInt32 { 1 << rawValue }

    /// Whether `key` is `name`'s bytes; the caller has checked that the lengths are equal.
    private static func equal(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        let expected = name.utf8Start
        for offset in 0..<key.count where key[offset] != expected[offset] {
            return false
        }
        return true
    }
}
