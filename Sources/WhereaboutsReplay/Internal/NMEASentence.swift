/// One sentence the NMEA reader uses, with the fields it needs.
///
/// Times are milliseconds since midnight UTC, dates days since 1970-01-01, angles signed degrees.
enum NMEASentence {
    /// Fix data: `$--GGA,time,lat,N,lon,E,quality,satellites,HDOP,altitude,M,separation,M,age,station`.
    case gga(time: Int?, quality: Int, latitude: Double?, longitude: Double?, hdop: Double?, altitude: Double?)
    /// Recommended minimum: `$--RMC,time,status,lat,N,lon,E,knots,course,ddmmyy,variation,E,mode`.
    case rmc(
        time: Int?,
        active: Bool,
        latitude: Double?,
        longitude: Double?,
        knots: Double?,
        course: Double?,
        day: Int?
    )
    /// DOP and active satellites: `$--GSA,mode,fix type,12 × PRN,PDOP,HDOP,VDOP`.
    case gsa(fixType: Int?, hdop: Double?, vdop: Double?)
    /// Course and speed: `$--VTG,course,T,course,M,knots,N,km/h,K,mode` (or the old four-field form).
    case vtg(course: Double?, metresPerSecond: Double?)
    /// Satellites in view: `$--GSV,messages,message number,satellites in view,…`.
    case gsv(talker: UInt16, satellitesInView: Int)

    /// The UTC time of day the sentence carries, if its type has one.
    var time: Int? {
        switch self {
        case let .gga(time, _, _, _, _, _), let .rmc(time, _, _, _, _, _, _): time
        case .gsa, .vtg, .gsv: nil
        }
    }
}
