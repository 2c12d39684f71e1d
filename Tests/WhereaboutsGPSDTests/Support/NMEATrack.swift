import Foundation

/// A drive in a straight line, written as the NMEA sentences a GPS receiver sends: one epoch a
/// second of GPS time, each `GPGGA`, `GPGSA`, two `GPGSV` and `GPRMC` with correct checksums.
///
/// Positions are written with six decimals of arc minutes (about 2 cm), and every value a test
/// compares against is the one written, not the ideal one, so gpsd's output must match it to
/// rounding.
///
/// ```swift
/// let track = NMEATrack()
/// let epoch = track.epoch(0)
/// // epoch.sentences starts "$GPGGA,120000.00,5231.200480,N,01324.297240,E,1,08,…"
/// ```
struct NMEATrack: Sendable {
    /// One epoch: what was written, and what gpsd should report for it.
    struct Epoch: Hashable, Sendable {
        /// The epoch's number, from 0; epoch `n` is `n` seconds after the track's start.
        var index: Int
        /// The latitude written, in degrees.
        var latitude: Double
        /// The longitude written, in degrees.
        var longitude: Double
        /// The time written (GGA and RMC), UTC.
        var time: Date
        /// The speed over ground written, in knots.
        var knots: Double
        /// The course over ground written, in degrees true.
        var course: Double
        /// The altitude above mean sea level written (GGA), in metres.
        var altitude: Double
        /// The five sentences, each ending in CR LF.
        var sentences: String

        /// The speed written, in metres per second.
        var speed: Double { knots * 1_852 / 3_600 }
    }

    /// Where the drive starts.
    var startLatitude = 52.520008
    var startLongitude = 13.404954
    /// When the drive starts: 2025-06-01T12:00:00Z.
    var start = Date(timeIntervalSince1970: 1_748_779_200)
    /// Speed in metres per second.
    var speed = 10.0
    /// Heading in degrees true.
    var heading = 45.0
    /// Altitude at the start, in metres, and its rise per second.
    var startAltitude = 34.5
    var climb = 0.1

    /// Metres in a degree of latitude (spherical Earth, radius 6,371 km).
    private static let metresPerDegree = 6_371_000 * Double.pi / 180

    /// The epoch with this number.
    ///
    /// - Parameter index: The epoch's number, from 0.
    /// - Returns: Its values and sentences.
    func epoch(_ index: Int) -> Epoch {
        let seconds = Double(index)
        let radians = heading * .pi / 180
        let north = speed * seconds * cos(radians)
        let east = speed * seconds * sin(radians)
        let latitude = startLatitude + north / Self.metresPerDegree
        let longitude = startLongitude + east / (Self.metresPerDegree * cos(startLatitude * .pi / 180))
        let (latText, latWritten) = Self.angle(latitude, degreeDigits: 2, positive: "N", negative: "S")
        let (lonText, lonWritten) = Self.angle(longitude, degreeDigits: 3, positive: "E", negative: "W")
        let time = start.addingTimeInterval(seconds)
        let (clock, date) = Self.utc(time)
        let knotsText = String(format: "%.3f", speed * 3_600 / 1_852)
        let courseText = String(format: "%.1f", heading)
        let altitudeText = String(format: "%.1f", startAltitude + climb * seconds)
        let lines = [
            "GPGGA,\(clock),\(latText),\(lonText),1,08,0.9,\(altitudeText),M,39.4,M,,",
            "GPGSA,A,3,05,07,13,17,19,24,28,30,,,,,1.6,0.9,1.3",
            "GPGSV,2,1,08,05,60,045,42,07,35,120,38,13,20,200,33,17,75,310,45",
            "GPGSV,2,2,08,19,15,080,30,24,50,250,40,28,25,330,36,30,10,160,25",
            "GPRMC,\(clock),A,\(latText),\(lonText),\(knotsText),\(courseText),\(date),,,A",
        ]
        return Epoch(
            index: index,
            latitude: latWritten,
            longitude: lonWritten,
            time: time,
            knots: Double(knotsText) ?? 0,
            course: Double(courseText) ?? 0,
            altitude: Double(altitudeText) ?? 0,
            sentences: lines.map { Self.sentence($0) + "\r\n" }.joined()
        )
    }

    /// The number of the epoch written for a time, if the time is one of the track's.
    ///
    /// - Parameter time: A fix's timestamp.
    /// - Returns: The epoch's number, when `time` is within a millisecond of a whole second.
    func index(at time: Date) -> Int? {
        let seconds = time.timeIntervalSince(start)
        let index = seconds.rounded()
        guard abs(seconds - index) < 0.001, index >= 0 else { return nil }
        return Int(index)
    }

    /// `$BODY*CS`, where CS is the XOR of the body's bytes in two uppercase hexadecimal digits.
    static func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0), ^)
        return "$\(body)*" + String(format: "%02X", checksum)
    }

    /// An angle as NMEA writes it (`ddmm.mmmmmm,N`), and the value written, in degrees.
    private static func angle(
        _ degrees: Double,
        degreeDigits: Int,
        positive: String,
        negative: String
    ) -> (text: String, written: Double) {
        let microMinutes = Int((abs(degrees) * 60_000_000).rounded())
        let whole = microMinutes / 60_000_000
        let minutes = microMinutes % 60_000_000
        let text = String(format: "%0\(degreeDigits)d%02d.%06d", whole, minutes / 1_000_000, minutes % 1_000_000)
        let written = Double(microMinutes) / 60_000_000
        return (text + "," + (degrees < 0 ? negative : positive), degrees < 0 ? -written : written)
    }

    /// `hhmmss.00` and `ddmmyy` of a time in UTC.
    private static func utc(_ time: Date) -> (clock: String, date: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: time)
        let clock = String(format: "%02d%02d%02d.00", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        let date = String(format: "%02d%02d%02d", parts.day ?? 0, parts.month ?? 0, (parts.year ?? 0) % 100)
        return (clock, date)
    }
}
