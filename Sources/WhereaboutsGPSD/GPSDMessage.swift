/// One line of gpsd's JSON protocol, decoded.
///
/// gpsd answers a client's `?WATCH` with a `VERSION`, a `DEVICES` and a `WATCH` line, then
/// streams `SKY` and `TPV` reports, one JSON object per line. ``GPSDDecoder`` turns each line
/// into one of these cases; every field is optional, as gpsd leaves out what it does not know.
///
/// ```swift
/// switch try GPSDDecoder.decode(line) {
/// case .tpv(let report): if let fix = report.location { print(fix.coordinate) }
/// case .error(let message): print("gpsd: \(message)")
/// default: break
/// }
/// ```
public enum GPSDMessage: Hashable, Sendable {
    /// `VERSION`: the daemon's release and protocol version, sent first on every connection.
    case version(release: String?, protocolMajor: Int?, protocolMinor: Int?)
    /// `DEVICES`: the paths (or URLs) of the devices gpsd reads.
    case devices([String])
    /// `WATCH`: gpsd's echo of the watch policy; `enabled` is whether reports will stream.
    case watch(enabled: Bool?)
    /// `TPV`: time, position and velocity from one device.
    case tpv(GPSDReport)
    /// `SKY`: the satellites in view and the dilutions of precision.
    case sky(GPSDSky)
    /// `ERROR`: gpsd did not understand a command.
    case error(message: String)
    /// A class this decoder does not know (`DEVICE`, `GST`, `ATT`, `PPS`, `POLL`, …).
    case other(className: String)
}

/// A gpsd `SKY` report: how many satellites are seen and used, and the dilutions of precision.
///
/// Every value is optional, as gpsd leaves out what it has not computed yet. Names follow gpsd's
/// JSON keys, as ``GPSDReport``'s do.
public struct GPSDSky: Hashable, Sendable {
    /// The device that reported, as gpsd names it.
    public var device: String?
    /// Satellites in view (`nSat`).
    public var nSat: Int?
    /// Satellites used in the fix (`uSat`).
    public var uSat: Int?
    /// Horizontal dilution of precision (`hdop`).
    public var hdop: Double?
    /// Vertical dilution of precision (`vdop`).
    public var vdop: Double?
    /// Position (3-D) dilution of precision (`pdop`).
    public var pdop: Double?

    /// Creates a sky report.
    ///
    /// - Parameters:
    ///   - device: The reporting device.
    ///   - nSat: Satellites in view.
    ///   - uSat: Satellites used in the fix.
    ///   - hdop: Horizontal dilution of precision.
    ///   - vdop: Vertical dilution of precision.
    ///   - pdop: Position dilution of precision.
    public init(
        device: String? = nil,
        nSat: Int? = nil,
        uSat: Int? = nil,
        hdop: Double? = nil,
        vdop: Double? = nil,
        pdop: Double? = nil
    ) {
        self.device = device
        self.nSat = nSat
        self.uSat = uSat
        self.hdop = hdop
        self.vdop = vdop
        self.pdop = pdop
    }
}

/// A line from gpsd that is not a message: not JSON, not an object, or without a `class`.
///
/// The source counts and logs these and goes on with the next line; only a caller of
/// ``GPSDDecoder/decode(_:)`` sees them thrown.
public struct GPSDDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The first 80 characters of the line, for a log.
    public var excerpt: String
    /// What is wrong with the line.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - excerpt: The start of the offending line.
    ///   - message: What is wrong with it.
    public init(excerpt: String, message: String) {
        self.excerpt = excerpt
        self.message = message
    }

    /// `malformed gpsd line (not JSON): "{\"class\":\"TP"`.
    public var description: String {
        "malformed gpsd line (\(message)): \"\(excerpt)\""
    }
}
