/// The elements of a GPX file the reader cares about, by local name (any namespace prefix).
enum GPXElement: UInt8, Sendable {
    case gpx, metadata, trk, trkseg, rte, trkpt, rtept, wpt, ele, time, hdop, vdop, speed, course, other

    /// Whether the element is a point: `trkpt`, `rtept` or `wpt`.
    var isPoint: Bool { self == .trkpt || self == .rtept || self == .wpt }

    /// Whether the element closes a run of points whose times belong together: `trkseg`, `trk` or `rte`.
    var endsSegment: Bool { self == .trkseg || self == .trk || self == .rte }

    /// Classifies a local name (the part after any `prefix:`).
    ///
    /// - Parameter name: The local name's UTF-8 bytes.
    /// - Returns: The element, or `.other`.
    static func classify(_ name: UnsafeBufferPointer<UInt8>) -> GPXElement {
        switch name.count {
        case 3:
            if matches(name, "gpx") { return .gpx }
            if matches(name, "wpt") { return .wpt }
            if matches(name, "ele") { return .ele }
            if matches(name, "trk") { return .trk }
            if matches(name, "rte") { return .rte }
        case 4:
            if matches(name, "time") { return .time }
            if matches(name, "hdop") { return .hdop }
            if matches(name, "vdop") { return .vdop }
        case 5:
            if matches(name, "trkpt") { return .trkpt }
            if matches(name, "rtept") { return .rtept }
            if matches(name, "speed") { return .speed }
        case 6:
            if matches(name, "course") { return .course }
            if matches(name, "trkseg") { return .trkseg }
        case 8:
            if matches(name, "metadata") { return .metadata }
        default:
            break
        }
        return .other
    }

    /// Whether `bytes` spell `literal` exactly (same length assumed by the caller's switch).
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        let pointer = literal.utf8Start
        for index in 0..<bytes.count where bytes[index] != pointer[index] { return false }
        return true
    }
}
