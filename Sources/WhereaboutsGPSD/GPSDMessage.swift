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
