/// One sentence the NMEA reader uses, with the fields it needs.
///
/// Times are milliseconds since midnight UTC, dates days since 1970-01-01, angles signed degrees.
/// A position comes with what the sentence says of it (``NMEAFixStatus``); a sentence that says
/// "no fix" carries no position, whatever its position fields hold.
enum NMEASentence {
    /// Fix data: `$--GGA,time,lat,N,lon,E,quality,satellites,HDOP,altitude,M,separation,M,age,station`.
    case gga(
        time: Int?,
        status: NMEAFixStatus,
        latitude: Double?,
        longitude: Double?,
        hdop: Double?,
        altitude: Double?
    )
    /// Recommended minimum: `$--RMC,time,status,lat,N,lon,E,knots,course,ddmmyy,variation,E,mode`.
    case rmc(
        time: Int?,
        status: NMEAFixStatus,
        latitude: Double?,
        longitude: Double?,
        knots: Double?,
        course: Double?,
        day: Int?
    )
    /// The multi-constellation fix: `$--GNS,time,lat,N,lon,E,modes,satellites,HDOP,altitude,separation,…`.
    case gns(
        time: Int?,
        status: NMEAFixStatus,
        latitude: Double?,
        longitude: Double?,
        hdop: Double?,
        altitude: Double?
    )
    /// Geographic position: `$--GLL,lat,N,lon,E,time,status,mode`.
    case gll(time: Int?, status: NMEAFixStatus, latitude: Double?, longitude: Double?)
    /// Date and time: `$--ZDA,time,dd,mm,yyyy,zone hours,zone minutes`.
    case zda(time: Int?, day: Int?)
    /// DOP and active satellites: `$--GSA,mode,fix type,12 × PRN,PDOP,HDOP,VDOP`.
    case gsa(fixType: Int?, hdop: Double?, vdop: Double?)
    /// Course and speed: `$--VTG,course,T,course,M,knots,N,km/h,K,mode` (or the old four-field form).
    case vtg(course: Double?, metresPerSecond: Double?)
    /// Satellites in view: `$--GSV,messages,message number,satellites in view,…`.
    case gsv(talker: UInt16, satellitesInView: Int)

    /// The UTC time of day the sentence carries, if its type has one.
    var time: Int? {
        switch self {
        case let .gga(time, _, _, _, _, _), let .rmc(time, _, _, _, _, _, _), let .gns(time, _, _, _, _, _),
            let .gll(time, _, _, _), let .zda(time, _):
            time
        case .gsa, .vtg, .gsv: nil
        }
    }
}

/// What a sentence says of the position it carries.
enum NMEAFixStatus {
    /// No fix: the position fields, if any, are placeholders (`8960.0000,N`, `36000.0000,E`).
    case none
    /// A measured fix (GGA quality 1–5 or 7, RMC and GLL status `A`, a GNS mode other than N, E, S).
    case valid
    /// A position the receiver did not measure: dead reckoning (GGA quality 6, mode `E`), a
    /// simulator (GGA quality 8, mode `S`), or one RMC or GLL flags with status `V`.
    case estimated
}
