import Foundation

/// The `Decodable` shape of a gpsd line: reads `class`, then the fields that class has.
///
/// Every field is read leniently: absent, `null` or of the wrong type all give `nil`.
struct GPSDWireMessage: Decodable {
    let message: GPSDMessage

    private enum Key: String, CodingKey {
        case `class`, release, proto_major, proto_minor, devices, path, enable, message
        case device, mode, time, lat, lon, altHAE, altMSL, alt, eph, epx, epy, epv, speed, track, climb
        case nSat, uSat, hdop, vdop, pdop
    }

    /// One entry of `DEVICES`; anything that is not an object with a string `path` gives `nil`.
    private struct Device: Decodable {
        let path: String?

        init(from decoder: any Decoder) {
            path = (try? decoder.container(keyedBy: Key.self))?.lenient(String.self, .path)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard container.contains(.class) else { throw GPSDWireError(message: "no \"class\"") }
        guard let className = container.lenient(String.self, .class) else {
            throw GPSDWireError(message: "\"class\" is not a string")
        }
        switch className {
        case "TPV": message = .tpv(Self.report(container))
        case "SKY": message = .sky(Self.sky(container))
        case "VERSION":
            message = .version(
                release: container.lenient(String.self, .release),
                protocolMajor: container.lenient(Int.self, .proto_major),
                protocolMinor: container.lenient(Int.self, .proto_minor)
            )
        case "DEVICES":
            let devices = container.lenient([Device].self, .devices) ?? []
            message = .devices(devices.compactMap(\.path))
        case "WATCH": message = .watch(enabled: container.lenient(Bool.self, .enable))
        case "ERROR": message = .error(message: container.lenient(String.self, .message) ?? "")
        default: message = .other(className: className)
        }
    }

    private static func report(_ container: KeyedDecodingContainer<Key>) -> GPSDReport {
        GPSDReport(
            device: container.lenient(String.self, .device),
            mode: container.lenient(Int.self, .mode),
            time: container.lenient(String.self, .time).flatMap(GPSDTimeParser.parse),
            lat: container.lenient(Double.self, .lat),
            lon: container.lenient(Double.self, .lon),
            altHAE: container.lenient(Double.self, .altHAE),
            altMSL: container.lenient(Double.self, .altMSL),
            alt: container.lenient(Double.self, .alt),
            eph: container.lenient(Double.self, .eph),
            epx: container.lenient(Double.self, .epx),
            epy: container.lenient(Double.self, .epy),
            epv: container.lenient(Double.self, .epv),
            speed: container.lenient(Double.self, .speed),
            track: container.lenient(Double.self, .track),
            climb: container.lenient(Double.self, .climb)
        )
    }

    private static func sky(_ container: KeyedDecodingContainer<Key>) -> GPSDSky {
        GPSDSky(
            device: container.lenient(String.self, .device),
            nSat: container.lenient(Int.self, .nSat),
            uSat: container.lenient(Int.self, .uSat),
            hdop: container.lenient(Double.self, .hdop),
            vdop: container.lenient(Double.self, .vdop),
            pdop: container.lenient(Double.self, .pdop)
        )
    }
}

extension KeyedDecodingContainer {
    /// The value for `key`, or `nil` when it is absent, `null` or of another type.
    fileprivate func lenient<Value: Decodable>(_ type: Value.Type, _ key: Key) -> Value? {
        guard contains(key) else { return nil }
        return (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}
