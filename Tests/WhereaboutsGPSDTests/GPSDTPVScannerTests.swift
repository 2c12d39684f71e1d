import Foundation
import Testing
import Whereabouts
@_spi(Testing) import WhereaboutsGPSD

/// The fast path for `TPV` lines against the full decoder: real gpsd shapes are read, and read as `JSONDecoder`
/// reads them; lines the fast path is not sure of are declined and still decode.
@Suite(.timeLimit(.minutes(5)))
struct GPSDTPVScannerTests {
    /// TPV lines as gpsd 3.x writes them: 3.17 (`alt`, no `altHAE`), 3.20–3.22 (`altHAE`/`altMSL`, `ept`,
    /// `magtrack`, `eph`, `sep`), 3.25 (`leapseconds`, ECEF and NED velocities), a report before the first fix,
    /// mode 1, mode 2 and mode 3, west and south (negative) coordinates, exponents.
    static let gpsdLines = [
        #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"2018-07-04T10:00:00.000Z","ept":0.005,"#
            + #""lat":51.500152,"lon":-0.126236,"alt":30.100,"epx":3.212,"epy":4.117,"epv":9.802,"track":12.3000,"#
            + #""speed":0.134,"climb":0.000,"eps":8.23,"epc":19.60}"#,
        #"{"class":"TPV","device":"tcp://127.0.0.1:29500","mode":3,"time":"2025-06-01T12:00:07.000Z","#
            + #""ept":0.005,"lat":52.520453333,"lon":13.405685000,"altHAE":74.6000,"altMSL":35.2000,"#
            + #""alt":35.2000,"epx":10.439,"epy":10.327,"epv":29.900,"track":45.0000,"magtrack":49.0592,"#
            + #""magvar":4.1,"speed":10.001,"climb":0.100,"eps":20.88,"epc":59.80,"geoidSep":39.400,"eph":17.100,"#
            + #""sep":30.400}"#,
        #"{"class":"TPV","device":"/dev/ttyACM0","status":2,"mode":3,"time":"2023-11-20T08:15:42.250Z","#
            + #""leapseconds":18,"ept":0.005,"lat":-33.856784120,"lon":151.215296780,"altHAE":61.2140,"#
            + #""altMSL":39.0610,"alt":39.0610,"epx":1.933,"epy":2.412,"epv":4.210,"track":271.4580,"#
            + #""magtrack":258.3140,"magvar":12.6,"speed":0.012,"climb":-0.017,"eps":0.61,"epc":8.42,"#
            + #""ecefx":-4646095.52,"ecefy":2553204.11,"ecefz":-3534345.87,"ecefvx":-0.01,"ecefvy":0.00,"#
            + #""ecefvz":0.01,"ecefpAcc":3.12,"ecefvAcc":0.61,"velN":0.000,"velE":-0.012,"velD":0.017,"#
            + #""geoidSep":22.153,"eph":3.640,"sep":5.910}"#,
        #"{"class":"TPV","device":"/dev/ttyACM0","mode":2,"time":"2025-01-31T23:59:59.9Z","lat":40.7128,"#
            + #""lon":-74.0060,"epx":15.000,"epy":22.500,"track":0.0,"speed":0}"#,
        #"{"class":"TPV","device":"/dev/ttyACM0","mode":1,"time":"2025-06-01T12:00:09.000Z","ept":0.005}"#,
        #"{"class":"TPV","device":"/dev/ttyACM0","mode":1}"#,
        #"{"class":"TPV","device":"tcp://127.0.0.1:29500","mode":3,"epv":29.900,"eph":17.100,"sep":30.400}"#,
        #"{"class":"TPV","mode":0}"#,
        #"{"class":"TPV","mode":3,"time":"2025-06-01T12:00:07Z","lat":5.2e1,"lon":1.34E+1,"altMSL":-4.25e-1,"#
            + #""eph":1e0,"epv":250E-2,"speed":-0,"track":0.0e0}"#,
        #"{ "class" : "TPV" , "mode" : 3 , "time" : "2025-06-01T14:00:07.123456+02:00" , "lat" : 1.5 , "#
            + "\"lon\" : 2.5 }\r",
    ]

    @Test(arguments: gpsdLines)
    func realShapesAreReadAsTheFullDecoderReadsThem(line: String) throws {
        let scanned = try #require(GPSDDecoder.scanTPV(Array(line.utf8)), "declined: \(line)")
        let full = try GPSDDecoder.decodeWithJSONDecoder(Array(line.utf8))
        #expect(TPVComparison.same(.tpv(scanned), full))
        #expect(try TPVComparison.same(GPSDDecoder.decode(Array(line.utf8)), full))
    }

    @Test func aFullReportKeepsEveryField() throws {
        let report = try #require(GPSDDecoder.scanTPV(Array(Self.gpsdLines[2].utf8)))
        let time = Date(timeIntervalSince1970: 1_700_468_142.25)
        let expected = GPSDReport(
            device: "/dev/ttyACM0",
            mode: 3,
            time: time,
            lat: -33.85678412,
            lon: 151.21529678,
            altHAE: 61.214,
            altMSL: 39.061,
            alt: 39.061,
            eph: 3.64,
            epx: 1.933,
            epy: 2.412,
            epv: 4.21,
            speed: 0.012,
            track: 271.458,
            climb: -0.017
        )
        #expect(report == expected)
        #expect(report.location?.altitude == 39.061)
    }

    @Test func exponentsAndNegativeNumbers() throws {
        let report = try #require(GPSDDecoder.scanTPV(Array(Self.gpsdLines[8].utf8)))
        #expect(report.lat == 52 && report.lon == 13.4)
        #expect(report.altMSL == -0.425)
        #expect(report.eph == 1 && report.epv == 2.5)
        #expect(report.speed?.sign == .minus && report.speed == 0)
        #expect(report.time == Date(timeIntervalSince1970: 1_748_779_207))
    }

    @Test func fractionalSecondsAndOffsets() throws {
        let report = try #require(GPSDDecoder.scanTPV(Array(Self.gpsdLines[9].utf8)))
        #expect(report.time == GPSDDecoder.parseTime("2025-06-01T12:00:07.123456Z"))
        let tenth = try #require(GPSDDecoder.scanTPV(Array(Self.gpsdLines[3].utf8)))
        #expect(tenth.time == GPSDDecoder.parseTime("2025-01-31T23:59:59.900Z"))
        #expect(tenth.location?.altitude == nil)
    }

    /// Lines the fast path leaves to the full decoder, with what the full decoder makes of each.
    @Test(arguments: [
        #"{"class":"SKY","device":"/dev/ttyACM0","nSat":8,"uSat":7}"#,
        #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
        #"{"mode":3,"lat":52.5}"#,
        #"{"class":3}"#,
        #"{"class":"TPV","class":"TPV","mode":3}"#,
        #"{"class":"TPV","lat":1.5,"lat":2.5}"#,
        #"{"class":"TPV","device":"/dev/tty\u0041"}"#,
        #"{"class":"T\u0050V","mode":3}"#,
        #"{"cl\u0061ss":"TPV","mode":3}"#,
        #"{"class":"TPV","device":"/dev/gps\/0"}"#,
        #"{"class":"TPV","device":"/dev/ttyé"}"#,
        #"{"class":"TPV","mode":3.0}"#,
        #"{"class":"TPV","mode":3e0}"#,
        #"{"class":"TPV","mode":"3"}"#,
        #"{"class":"TPV","mode":null}"#,
        #"{"class":"TPV","mode":1234567890123456789}"#,
        #"{"class":"TPV","lat":"52.5"}"#,
        #"{"class":"TPV","lat":true}"#,
        #"{"class":"TPV","lat":[1]}"#,
        #"{"class":"TPV","lat":01}"#,
        #"{"class":"TPV","lat":1.}"#,
        #"{"class":"TPV","lat":.5}"#,
        #"{"class":"TPV","lat":+1}"#,
        #"{"class":"TPV","lat":1e400}"#,
        #"{"class":"TPV","lat":1e-400}"#,
        #"{"class":"TPV","lat":52.520000000123456789}"#,
        #"{"class":"TPV","lat":9007199254740993}"#,
        #"{"class":"TPV","lat":1e23}"#,
        #"{"class":"TPV","time":12}"#,
        #"{"class":"TPV","mode":3,}"#,
        #"{"class":"TPV","mode":3}x"#,
        #"{"class":"TPV","mode":3"#,
        #"[{"class":"TPV"}]"#,
        #"{"class":"TPV","x":[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]}"#,
        "{\"class\":\"TPV\",\"device\":\"a\u{1}b\"}",
        "\u{FEFF}{\"class\":\"TPV\",\"mode\":3}",
        "",
    ])
    func unsureLinesAreDeclined(line: String) {
        let bytes = Array(line.utf8)
        #expect(GPSDDecoder.scanTPV(bytes) == nil)
        #expect(
            TPVComparison.same(
                TPVComparison.outcome { () throws(GPSDDecodingError) in try GPSDDecoder.decode(bytes) },
                TPVComparison.outcome { () throws(GPSDDecodingError) in try GPSDDecoder.decodeWithJSONDecoder(bytes) }
            )
        )
    }

    /// Values the fast path skips are checked as strict JSON: a broken one is left to `JSONDecoder` (which is laxer:
    /// it reads `[1,]`).
    @Test func skippedValuesAreReadAsJSON() throws {
        let line =
            #"{"class":"TPV","x":{"a":[1,-2.5e3,true,false,null,"s",{}],"b":[]},"y":"","mode":2,"lat":1,"lon":2,"#
            + #""time":"2025-06-01T12:00:07Z"}"#
        let report = try #require(GPSDDecoder.scanTPV(Array(line.utf8)))
        #expect(report.location != nil)
        #expect(TPVComparison.same(.tpv(report), try GPSDDecoder.decodeWithJSONDecoder(Array(line.utf8))))
        for broken in [#"{"class":"TPV","x":[1,]}"#, #"{"class":"TPV","x":{"a"}}"#, #"{"class":"TPV","x":tru}"#] {
            let bytes = Array(broken.utf8)
            #expect(GPSDDecoder.scanTPV(bytes) == nil)
            #expect(
                TPVComparison.same(
                    TPVComparison.outcome { () throws(GPSDDecodingError) in try GPSDDecoder.decode(bytes) },
                    TPVComparison.outcome { () throws(GPSDDecodingError) in try GPSDDecoder.decodeWithJSONDecoder(bytes)
                    }
                )
            )
        }
    }
}
